import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Question {
  title: string;
  effect: ReactNode;
  confirmLabel: string;
  resolve(ok: boolean): void;
}

/**
 * A risky action asks first, stating its effect: `const [dialog, confirm] = useConfirm();`
 * then `if (await confirm({ title, effect, confirmLabel })) …` and render `{dialog}`.
 * The dialog takes focus on its safe button (Cancel); Escape cancels.
 */
export function useConfirm(): [ReactNode, (q: Omit<Question, 'resolve'>) => Promise<boolean>] {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = (q: Omit<Question, 'resolve'>) => new Promise<boolean>((resolve) => setQuestion({ ...q, resolve }));
  const answer = (ok: boolean) => {
    question?.resolve(ok);
    setQuestion(null);
  };
  return [question ? <ConfirmDialog question={question} onAnswer={answer} /> : null, ask];
}

/** aria-modal: Tab and Shift+Tab go round the dialog's own buttons, never to the page behind it. */
function keepFocusInside(e: KeyboardEvent<HTMLElement>): void {
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select, textarea')];
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function ConfirmDialog({ question, onAnswer }: { question: Question; onAnswer(ok: boolean): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(document.activeElement);
  useEffect(() => {
    cancel.current?.focus();
    const back = opener.current;
    return () => (back instanceof HTMLElement ? back.focus() : undefined);
  }, []);
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-effect"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onAnswer(false);
          if (e.key === 'Tab') keepFocusInside(e);
        }}
      >
        <h2 id="confirm-title">{question.title}</h2>
        <div id="confirm-effect">{question.effect}</div>
        <div className="form-actions">
          <button type="button" className="danger" onClick={() => onAnswer(true)}>
            {question.confirmLabel}
          </button>
          <button ref={cancel} type="button" className="secondary" onClick={() => onAnswer(false)}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
