import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import type { HistoryEntry, UserPoints } from '../api/types';
import { ErrorBanner, Stat, TextInput } from '../components/ui';
import { formatDate } from '../form';
import { useApi } from '../session';

/** Pending points and the next days on which points expire (GET /user/{userId}/points). */
export function PointsOutlook({ points }: { points: UserPoints }) {
  return (
    <>
      <Stat label="pending" value={<span data-testid="pending">{points.pending ?? 0}</span>} />
      {(points.expiring ?? []).length > 0 && (
        <ul className="expiring" aria-label="Expiring points">
          {points.expiring!.map((e) => (
            <li key={e.expiresAt}>
              {e.points} expire {formatDate(e.expiresAt)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const EARNING = ['EVENT', 'CHALLENGE', 'STREAK', 'SURVEY', 'ADJUSTMENT'];

/** Whether a history entry earned points and can be reversed (docs/loyalty-economics.md, Reversals). */
export function isReversible(h: HistoryEntry): boolean {
  return EARNING.includes(h.type) && h.points > 0 && h.status !== 'CANCELLED';
}

/** "Reverse" on an earning entry: asks for a reason and a confirmation, then POST /admin/user/{userId}/reversal. */
export function ReverseButton({ userId, entry, onDone }: { userId: string; entry: HistoryEntry; onDone(): void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!isReversible(entry)) return null;
  if (done) return <span role="status">{done}</span>;
  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)} aria-label={`Reverse ${entry.id}`}>
        Reverse
      </button>
    );
  }
  return (
    <div className="reverse-confirm" role="group" aria-label={`Reverse ${entry.id}`}>
      <TextInput label="Reason" value={reason} onChange={setReason} />
      <button
        type="button"
        disabled={reason.trim() === ''}
        onClick={async () => {
          setError(null);
          try {
            const r = await api.post<{ points: number; unrecovered: number }>(`/admin/user/${enc(userId)}/reversal`, {
              historyId: entry.id,
              reason: reason.trim(),
              // History ids are unique within a currency: the reversal names the entry's (absent: points).
              currency: entry.currency,
            });
            setDone(`Reversed ${r.points}${r.unrecovered > 0 ? `; ${r.unrecovered} already spent or expired` : ''}.`);
            onDone();
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            setError(err);
          }
        }}
      >
        Confirm reversal of {entry.points} {entry.currency ?? 'points'}
      </button>
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
      <ErrorBanner error={error} />
    </div>
  );
}
