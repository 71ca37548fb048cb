import type { EventDefinition } from '../api/types';
import { CurrencySelect, useCurrencies } from '../components/CurrencySelect';
import { Rows, TextInput } from '../components/ui';
import { numberField, text } from '../form';

/** One currency an event pays beside points: its default reward and its cap per event. */
export interface CurrencyRewardRow {
  currency: string;
  points: string;
  maximum: string;
  /** Group rates of a saved definition: kept as they were (the API has them; this form edits the default). */
  groups: Record<string, number>;
}

export function currencyRewardsToForm(e: Pick<EventDefinition, 'currencyRewards' | 'maximumRewards'>): CurrencyRewardRow[] {
  const rewarded = Object.entries(e.currencyRewards ?? {}).map(([currency, { default: points, ...groups }]) => ({
    currency,
    points: text(points),
    maximum: text(e.maximumRewards?.[currency]),
    groups,
  }));
  // A cap on a currency the definition does not pay stays visible, so saving does not drop it.
  const capsOnly = Object.entries(e.maximumRewards ?? {})
    .filter(([currency]) => !e.currencyRewards?.[currency])
    .map(([currency, maximum]) => ({ currency, points: '', maximum: text(maximum), groups: {} }));
  return [...rewarded, ...capsOnly];
}

/** `currencyRewards` and `maximumRewards` of the body; absent when no row names them. */
export function currencyRewardsToBody(rows: CurrencyRewardRow[]): {
  currencyRewards?: Record<string, Record<string, unknown>>;
  maximumRewards?: Record<string, unknown>;
} {
  const named = rows.filter((r) => r.currency.trim() !== '' && r.currency !== 'points');
  const rewards = named.filter((r) => r.points.trim() !== '' || Object.keys(r.groups).length > 0);
  const caps = named.filter((r) => r.maximum.trim() !== '');
  return {
    currencyRewards: rewards.length
      ? Object.fromEntries(rewards.map((r) => [r.currency, { ...r.groups, default: numberField(r.points) ?? 0 }]))
      : undefined,
    maximumRewards: caps.length ? Object.fromEntries(caps.map((r) => [r.currency, numberField(r.maximum)])) : undefined,
  };
}

/** "5 xp, at most 50" for the sentence under the form. */
export function describeCurrencyRewards(rows: CurrencyRewardRow[], perUnit: boolean): string {
  return rows
    .filter((r) => r.currency && r.points)
    .map((r) => ` and ${r.points} ${r.currency}${perUnit ? ' per unit' : ''}${r.maximum ? ` (at most ${r.maximum})` : ''}`)
    .join('');
}

/** Rewards in the project's other currencies, computed like the points reward (docs/currencies.md). */
export function CurrencyRewardsEditor(props: { rows: CurrencyRewardRow[]; onChange(rows: CurrencyRewardRow[]): void; error?: string }) {
  const others = (useCurrencies() ?? []).filter((c) => c.currencyId !== 'points');
  if (others.length === 0 && props.rows.length === 0) return null;
  return (
    <div className="field-wide">
      <Rows
        legend="Other currencies"
        hint={
          'Paid beside the points, the same way: per unit for TRANSACTION, when the conditions hold, times the tier multiplier, ' +
          'pending like the points. The cap limits one event.'
        }
        rows={props.rows}
        error={props.error}
        onChange={props.onChange}
        blank={() => ({
          currency: others.find((c) => !props.rows.some((r) => r.currency === c.currencyId))?.currencyId ?? '',
          points: '',
          maximum: '',
          groups: {},
        })}
        addLabel="Add currency reward"
        render={(row, setRow, i) => (
          <>
            <CurrencySelect
              withoutPoints
              label={`Currency ${i + 1}`}
              value={row.currency}
              onChange={(currency) => setRow({ ...row, currency })}
            />
            <TextInput label="Reward" type="number" value={row.points} onChange={(points) => setRow({ ...row, points })} />
            <TextInput
              label="Cap per event"
              type="number"
              min={0}
              value={row.maximum}
              onChange={(maximum) => setRow({ ...row, maximum })}
            />
          </>
        )}
      />
    </div>
  );
}
