import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import { useConfirm } from '../components/Confirm';
import { ErrorBanner, TextInput } from '../components/ui';
import { numberField, placeError, type FieldErrors } from '../form';
import { useApi } from '../session';

/** A balance after an adjustment: a debit never takes it below 0 (the service clamps it). */
export function balanceAfter(balance: number, points: number): number {
  return Math.max(0, balance + points);
}

export function AdjustPoints({ userId, balance, onDone }: { userId: string; balance: number; onDone(): void }) {
  const api = useApi();
  const [dialog, confirm] = useConfirm();
  const [form, setForm] = useState({ points: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <form
      className="card"
      aria-label="Adjust points"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setErrors({});
        setBanner(null);
        setDone(null);
        const points = numberField(form.points) ?? 0;
        if (typeof points === 'number') {
          const ok = await confirm({
            title: `Adjust the points of ${userId}?`,
            effect: (
              <p>
                {points > 0 ? '+' : ''}
                {points.toLocaleString('en')} points, reason “{form.reason || '(none)'}”: balance {balance.toLocaleString('en')} → {balanceAfter(balance, points).toLocaleString('en')}.
              </p>
            ),
            confirmLabel: 'Apply adjustment',
          });
          if (!ok) return;
        }
        try {
          const r = await api.post<{ points: number; balance: number }>(`/admin/user/${enc(userId)}/points`, { points, reason: form.reason });
          setDone(`Applied ${r.points > 0 ? '+' : ''}${r.points}; balance ${r.balance}.`);
          setForm({ points: '', reason: '' });
          onDone();
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const placed = placeError(err, ['points', 'reason']);
          setErrors(placed.fieldErrors);
          setBanner(placed.banner);
        }
      }}
    >
      <h2>Adjust points</h2>
      <div className="row">
        <TextInput label="Points (+/−)" type="number" value={form.points} error={errors.points} hint="A debit never takes the balance below 0." onChange={(points) => setForm({ ...form, points })} />
        <TextInput label="Reason" value={form.reason} error={errors.reason} placeholder="goodwill after support ticket" onChange={(reason) => setForm({ ...form, reason })} />
      </div>
      <ErrorBanner error={banner} />
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      <button type="submit">Apply adjustment</button>
      {dialog}
    </form>
  );
}
