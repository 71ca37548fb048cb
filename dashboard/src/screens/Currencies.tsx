import { useEffect } from 'react';
import type { Currency, Status } from '../api/types';
import { forgetCurrencies } from '../components/CurrencySelect';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Checkbox, LanguageMapInput, Rows, Select, TextInput } from '../components/ui';
import { cleanLanguageMap, compact, numberField, pickLanguage, text } from '../form';
import { useApi } from '../session';

interface LevelRow {
  level: string;
  threshold: string;
  /** The English title edited here; the other languages of a saved title are kept as they were. */
  title: string;
  otherTitles: Record<string, string>;
}

export interface CurrencyForm {
  currencyId: string;
  title: Record<string, string>;
  spendable: boolean;
  /** Days after which a credit expires; empty: never. */
  afterDays: string;
  levels: LevelRow[];
  status: Status;
}

export function currencyToBody(f: CurrencyForm): Record<string, unknown> {
  const levels = f.levels.filter((l) => l.threshold.trim() !== '');
  return compact({
    currencyId: f.currencyId.trim(),
    title: cleanLanguageMap(f.title) ?? {},
    spendable: f.spendable,
    pointsExpiry: f.afterDays.trim() === '' ? null : { afterDays: numberField(f.afterDays) },
    levels: levels.map((l) =>
      compact({
        level: numberField(l.level),
        threshold: numberField(l.threshold),
        title: cleanLanguageMap({ ...l.otherTitles, en: l.title }),
      }),
    ),
    status: f.status,
  });
}

function CurrencyFields({ value: f, set, errors, editing }: FormProps<CurrencyForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="Currency id"
        value={f.currencyId}
        disabled={editing}
        error={errors.currencyId}
        hint="Letters, digits, _ and -; e.g. xp or coins. It cannot be changed later."
        onChange={(currencyId) => set({ currencyId })}
      />
      <TextInput
        label="Expires after (days)"
        type="number"
        min={1}
        value={f.afterDays}
        error={errors.pointsExpiry}
        hint="A credit expires at the end of the UTC day this many days after it was earned. Empty: never."
        onChange={(afterDays) => set({ afterDays })}
      />
      <Checkbox
        label="Spendable (offers may cost it)"
        checked={f.spendable}
        hint="An XP that only ranks and levels is not spendable, so redemptions never lower it."
        onChange={(spendable) => set({ spendable })}
      />
      <Select
        label="Status"
        value={f.status}
        options={['ACTIVE', 'INACTIVE'] as const}
        error={errors.status}
        hint="An inactive currency earns nothing and prices no offer; balances stay."
        onChange={(status) => set({ status })}
      />
      <div className="field-wide">
        <LanguageMapInput label="Title" value={f.title} error={errors.title} onChange={(title) => set({ title })} />
      </div>
      <div className="field-wide">
        <Rows
          legend="Levels"
          hint={
            'By lifetime earnings in the currency; levels and thresholds rise together (1: 100, 2: 250, 3: 500). ' +
            'Adjustments do not count.'
          }
          rows={f.levels}
          error={errors.levels}
          onChange={(levels) => set({ levels })}
          blank={() => ({ level: String(f.levels.length + 1), threshold: '', title: '', otherTitles: {} })}
          addLabel="Add level"
          render={(row, setRow, i) => (
            <>
              <TextInput label={`Level ${i + 1}`} type="number" value={row.level} onChange={(level) => setRow({ ...row, level })} />
              <TextInput label="Threshold" type="number" value={row.threshold} onChange={(threshold) => setRow({ ...row, threshold })} />
              <TextInput label="Level title" value={row.title} onChange={(title) => setRow({ ...row, title })} />
            </>
          )}
        />
      </div>
    </div>
  );
}

function levelsText(c: Currency): string {
  return c.levels.map((l) => `${l.level}: ${l.threshold}${pickLanguage(l.title) ? ` ${pickLanguage(l.title)}` : ''}`).join(' · ') || '—';
}

export const currenciesConfig: ResourceConfig<Currency, CurrencyForm> = {
  resource: 'currency',
  title: 'Currencies',
  singular: 'Currency',
  idKey: 'currencyId',
  intro:
    'Balances beside points, each with its own rules: an XP that is never spent drives levels (and boards and tiers), ' +
    'coins that offers cost. At most 10 with points.',
  columns: [
    { label: 'Currency id', render: (c) => <code>{c.currencyId}</code>, csv: (c) => c.currencyId },
    { label: 'Title', render: (c) => pickLanguage(c.title) },
    { label: 'Spendable', render: (c) => (c.spendable ? 'yes' : 'no') },
    { label: 'Expiry', render: (c) => (c.pointsExpiry ? `after ${c.pointsExpiry.afterDays} days` : 'never') },
    { label: 'Levels', render: levelsText },
  ],
  blank: () => ({ currencyId: '', title: { de: '', en: '' }, spendable: false, afterDays: '', levels: [], status: 'ACTIVE' }),
  toForm: (c) => ({
    currencyId: c.currencyId,
    title: { de: '', en: '', ...c.title },
    spendable: c.spendable,
    afterDays: c.pointsExpiry ? text(c.pointsExpiry.afterDays) : '',
    levels: c.levels.map((l) => {
      const { en = '', ...otherTitles } = l.title ?? {};
      return { level: text(l.level), threshold: text(l.threshold), title: en, otherTitles };
    }),
    status: c.status,
  }),
  toBody: currencyToBody,
  fields: ['currencyId', 'title', 'spendable', 'pointsExpiry', 'levels', 'status'],
  Form: CurrencyFields,
  emptyText: <p>No currencies yet.</p>,
  deactivateEffect: 'It stops earning, and offers priced in it cannot be redeemed; balances stay.',
  locked: (c) => (c.currencyId === 'points' ? <span className="hint">Set in Settings → Projects (points expiry)</span> : undefined),
};

export function CurrenciesScreen() {
  const api = useApi();
  // The forms elsewhere share one list of currencies: read it again after this screen.
  useEffect(() => () => forgetCurrencies(api), [api]);
  return <ResourceScreen config={currenciesConfig} />;
}
