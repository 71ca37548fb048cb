import { useState } from 'react';
import { enc } from '../api/client';
import { useConfirm } from '../components/Confirm';
import { TextInput } from '../components/ui';
import { numberField } from '../form';
import { useApi } from '../session';
import { SubmitOutcome, useSubmit } from '../useSubmit';

/** A balance after an adjustment: a debit never takes it below 0 (the service clamps it). */
export function balanceAfter(balance: number, points: number): number {
  return Math.max(0, balance + points);
}

export function AdjustPoints({ userId, balance, onDone }: { userId: string; balance: number; onDone(): void }) {
  const api = useApi();
  const [dialog, confirm] = useConfirm();
  const [form, setForm] = useState({ points: '', reason: '' });
  const { errors, banner, done, submit } = useSubmit(['points', 'reason']);
  return (
    <form
      className="card"
      aria-label="Adjust points"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        await submit(async () => {
          const points = numberField(form.points) ?? 0;
          if (typeof points === 'number') {
            const ok = await confirm({
              title: `Adjust the points of ${userId}?`,
              effect: (
                <p>
                  {points > 0 ? '+' : ''}
                  {points.toLocaleString('en')} points, reason “{form.reason || '(none)'}”: balance {balance.toLocaleString('en')} →{' '}
                  {balanceAfter(balance, points).toLocaleString('en')}.
                </p>
              ),
              confirmLabel: 'Apply adjustment',
            });
            if (!ok) return null;
          }
          const r = await api.post<{ points: number; balance: number }>(`/admin/user/${enc(userId)}/points`, {
            points,
            reason: form.reason,
          });
          setForm({ points: '', reason: '' });
          onDone();
          return `Applied ${r.points > 0 ? '+' : ''}${r.points}; balance ${r.balance}.`;
        });
      }}
    >
      <h2>Adjust points</h2>
      <div className="row">
        <TextInput
          label="Points (+/−)"
          type="number"
          value={form.points}
          error={errors.points}
          hint="A debit never takes the balance below 0."
          onChange={(points) => setForm({ ...form, points })}
        />
        <TextInput
          label="Reason"
          value={form.reason}
          error={errors.reason}
          placeholder="goodwill after support ticket"
          onChange={(reason) => setForm({ ...form, reason })}
        />
      </div>
      <SubmitOutcome banner={banner} done={done} />
      <button type="submit">Apply adjustment</button>
      {dialog}
    </form>
  );
}
