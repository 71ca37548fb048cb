import { useState } from 'react';
import { enc } from '../api/client';
import type { Wallet } from '../api/types';
import { useConfirm } from '../components/Confirm';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
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
  const [form, setForm] = useState({ points: '', reason: '', currency: 'points' });
  const { errors, banner, done, submit } = useSubmit(['points', 'reason', 'currency']);
  const unit = form.currency === 'points' ? 'points' : form.currency;
  return (
    <form
      className="card"
      aria-label="Adjust points"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        await submit(async () => {
          const points = numberField(form.points) ?? 0;
          const currency = currencyField(form.currency);
          if (typeof points === 'number') {
            // Another currency's balance is read now, from the wallet, for the confirmation.
            const before = currency
              ? ((await api.get<Wallet>(`/user/${enc(userId)}/wallet`)).balances.find((b) => b.currency === currency)?.balance ?? 0)
              : balance;
            const ok = await confirm({
              title: `Adjust the ${unit} of ${userId}?`,
              effect: (
                <p>
                  {points > 0 ? '+' : ''}
                  {points.toLocaleString('en')} {unit}, reason “{form.reason || '(none)'}”: balance {before.toLocaleString('en')} →{' '}
                  {balanceAfter(before, points).toLocaleString('en')}.
                </p>
              ),
              confirmLabel: 'Apply adjustment',
            });
            if (!ok) return null;
          }
          const r = await api.post<{ points: number; balance: number }>(`/admin/user/${enc(userId)}/points`, {
            points,
            reason: form.reason,
            currency,
          });
          setForm({ points: '', reason: '', currency: form.currency });
          onDone();
          return `Applied ${r.points > 0 ? '+' : ''}${r.points}${currency ? ` ${currency}` : ''}; balance ${r.balance}.`;
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
        <CurrencySelect value={form.currency} error={errors.currency} onChange={(currency) => setForm({ ...form, currency })} />
      </div>
      <SubmitOutcome banner={banner} done={done} />
      <button type="submit">Apply adjustment</button>
      {dialog}
    </form>
  );
}
