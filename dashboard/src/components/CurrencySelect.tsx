import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { Currency } from '../api/types';
import { pickLanguage } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { Select } from './ui';

/** `points` as GET /admin/currency lists it: what a project without other currencies has. */
const POINTS_ONLY: Currency[] = [
  {
    currencyId: 'points',
    title: { en: 'Points' },
    spendable: true,
    pointsExpiry: null,
    levels: [],
    status: 'ACTIVE',
    createdAt: 0,
    updatedAt: 0,
  },
];

// One GET /admin/currency per signed-in client (project): every form and card shares it.
const loaded = new WeakMap<ApiClient, Promise<Currency[]>>();

function loadCurrencies(api: ApiClient): Promise<Currency[]> {
  let list = loaded.get(api);
  if (!list) {
    // A service without currencies (or an answer that failed) means points only, as before.
    list = api.get<Currency[]>('/admin/currency', []).then(
      (items) => (items.length > 0 ? items : POINTS_ONLY),
      () => POINTS_ONLY,
    );
    loaded.set(api, list);
  }
  return list;
}

/** Drops the shared list, so the next reader loads it again (after the Currencies screen changed it). */
export function forgetCurrencies(api: ApiClient): void {
  loaded.delete(api);
}

/** The project's currencies, `points` first, loaded once per project. */
export function useCurrencies(): Currency[] | undefined {
  const api = useApi();
  return useLoad(`${api.projectId}/currencies`, () => loadCurrencies(api)).data;
}

/** "xp — Experience" */
export function currencyLabel(c: Currency): string {
  const title = pickLanguage(c.title);
  return `${c.currencyId}${title && title !== c.currencyId ? ` — ${title}` : ''}${c.status === 'INACTIVE' ? ' (inactive)' : ''}`;
}

/**
 * The currency a form's points are in. Shown only when the project has a currency besides `points`
 * (decision 294): a points-only programme sees its forms as before. `spendableOnly` offers the
 * currencies an offer may cost. A saved currency that is not in the list stays selectable, marked.
 */
export function CurrencySelect(props: {
  value: string;
  onChange(currencyId: string): void;
  label?: string;
  spendableOnly?: boolean;
  /** Rewards beside points (an event's other currencies) cannot name points. */
  withoutPoints?: boolean;
  error?: string | null;
  hint?: ReactNode;
}) {
  const all = useCurrencies() ?? POINTS_ONLY;
  const value = props.value || 'points';
  const choices = all.filter((c) => (!props.spendableOnly || c.spendable) && !(props.withoutPoints && c.currencyId === 'points'));
  if (all.length <= 1 && value === 'points') return null;
  const options = [
    ...choices.map((c) => ({ value: c.currencyId, label: currencyLabel(c) })),
    ...(choices.some((c) => c.currencyId === value) ? [] : [{ value, label: `${value} (not available)` }]),
  ];
  return (
    <Select
      label={props.label ?? 'Currency'}
      value={value}
      options={options}
      error={props.error}
      hint={props.hint}
      onChange={props.onChange}
    />
  );
}

/** `currency` for a request body: absent for points, as the API answers it (decision 302). */
export function currencyField(currencyId: string | undefined): string | undefined {
  return currencyId && currencyId !== 'points' ? currencyId : undefined;
}
