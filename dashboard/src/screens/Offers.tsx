import type { Offer, Shop, Status, Tier } from '../api/types';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
import { IdPicker } from '../components/IdPicker';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Field, LanguageMapInput, TextInput } from '../components/ui';
import { cleanLanguageMap, compact, formatDate, localInputToMs, msToLocalInput, numberField, text, pickLanguage } from '../form';
import { useApi } from '../session';
import { OfferRedemptions } from './OfferRedemptions';
import { OfferStreakField, STREAK_FREEZE } from './OfferStreakField';
import { useLoad } from '../useLoad';

export interface OfferForm {
  offerId: string;
  type: string;
  points: string;
  /** The spendable currency of the price (points when absent). */
  currency: string;
  title: Record<string, string>;
  description: Record<string, string>;
  category: string;
  image: string;
  shopId: string;
  monthlyLimit: string;
  totalLimit: string;
  perUserLimit: string;
  couponValidityDays: string;
  validFrom: string;
  validUntil: string;
  /** Type STREAK_FREEZE: the streak a redemption banks a freeze on. */
  streakId: string;
  status: Status;
  /** Tiers the offer is limited to (empty: everyone). */
  tiers: string[];
}

export function offerToBody(f: OfferForm): Record<string, unknown> {
  return compact({
    offerId: f.offerId.trim() || undefined,
    type: f.type,
    points: numberField(f.points),
    currency: currencyField(f.currency),
    title: cleanLanguageMap(f.title) ?? {},
    description: cleanLanguageMap(f.description),
    category: f.category.trim() || undefined,
    image: f.image.trim() || undefined,
    shopId: f.shopId.trim() || undefined,
    monthlyLimit: numberField(f.monthlyLimit),
    totalLimit: numberField(f.totalLimit),
    perUserLimit: numberField(f.perUserLimit),
    couponValidityDays: numberField(f.couponValidityDays),
    validFrom: localInputToMs(f.validFrom),
    validUntil: localInputToMs(f.validUntil),
    streakId: f.type === STREAK_FREEZE ? f.streakId || undefined : undefined,
    status: f.status,
    tiers: f.tiers.length > 0 ? f.tiers : undefined,
  });
}

function OfferFields({ value: f, set, errors, editing }: FormProps<OfferForm>) {
  const api = useApi();
  const tiers = useLoad(`${api.projectId}/tier`, () => api.get<Tier[]>('/admin/tier', []));
  return (
    <div className="form-grid">
      <datalist id="offer-types">
        <option value="LOCAL" />
        <option value="ONLINE" />
        <option value={STREAK_FREEZE} />
      </datalist>
      <TextInput
        label="Offer id"
        value={f.offerId}
        disabled={editing}
        error={errors.offerId}
        hint="Generated when empty."
        onChange={(offerId) => set({ offerId })}
      />
      <TextInput
        label="Type"
        value={f.type}
        list="offer-types"
        error={errors.type}
        hint="e.g. LOCAL or ONLINE; the offer feed filters on it. STREAK_FREEZE sells a streak freeze."
        onChange={(type) => set({ type })}
      />
      {f.type === STREAK_FREEZE && (
        <OfferStreakField value={f.streakId} error={errors.streakId} onChange={(streakId) => set({ streakId })} />
      )}
      <div className="field-wide">
        <LanguageMapInput label="Title" value={f.title} error={errors.title} onChange={(title) => set({ title })} />
      </div>
      <div className="field-wide">
        <LanguageMapInput
          label="Description"
          value={f.description}
          error={errors.description}
          onChange={(description) => set({ description })}
        />
      </div>
      <TextInput
        label={`Cost (${f.currency || 'points'})`}
        type="number"
        value={f.points}
        error={errors.points}
        onChange={(points) => set({ points })}
      />
      <CurrencySelect
        label="Cost currency"
        spendableOnly
        value={f.currency}
        error={errors.currency}
        onChange={(currency) => set({ currency })}
      />
      <TextInput label="Category" value={f.category} error={errors.category} onChange={(category) => set({ category })} />
      <TextInput label="Image URL" type="url" value={f.image} error={errors.image} onChange={(image) => set({ image })} />
      <IdPicker<Shop>
        label="Shop id"
        resource="shop"
        value={f.shopId}
        idOf={(s) => s.shopId}
        nameOf={(s) => s.name}
        none="no shop"
        error={errors.shopId}
        onChange={(shopId) => set({ shopId })}
      />
      <TextInput
        label="Coupon valid for (days)"
        type="number"
        value={f.couponValidityDays}
        error={errors.couponValidityDays}
        hint="Default 30."
        onChange={(couponValidityDays) => set({ couponValidityDays })}
      />
      <TextInput
        label="Redemptions per month (all users)"
        type="number"
        value={f.monthlyLimit}
        error={errors.monthlyLimit}
        hint="Empty: no limit."
        onChange={(monthlyLimit) => set({ monthlyLimit })}
      />
      <TextInput
        label="Redemptions in total"
        type="number"
        value={f.totalLimit}
        error={errors.totalLimit}
        hint="Empty: no limit."
        onChange={(totalLimit) => set({ totalLimit })}
      />
      <TextInput
        label="Redemptions per user"
        type="number"
        value={f.perUserLimit}
        error={errors.perUserLimit}
        hint="Empty: no limit."
        onChange={(perUserLimit) => set({ perUserLimit })}
      />
      <TextInput
        label="Valid from (UTC)"
        type="datetime-local"
        value={f.validFrom}
        error={errors.validFrom}
        onChange={(validFrom) => set({ validFrom })}
      />
      <TextInput
        label="Valid until (UTC)"
        type="datetime-local"
        value={f.validUntil}
        error={errors.validUntil}
        onChange={(validUntil) => set({ validUntil })}
      />
      <Field label="Only for tiers" error={errors.tiers} hint="None selected: every user may redeem it.">
        {(id, describedBy) => (
          <select
            id={id}
            multiple
            value={f.tiers}
            aria-describedby={describedBy}
            onChange={(e) => set({ tiers: [...e.target.selectedOptions].map((o) => o.value) })}
          >
            {[...new Set([...(tiers.data ?? []).map((t) => t.tierId), ...f.tiers])].map((tierId) => (
              <option key={tierId} value={tierId}>
                {pickLanguage((tiers.data ?? []).find((t) => t.tierId === tierId)?.title) || tierId}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

export const offersConfig: ResourceConfig<Offer, OfferForm> = {
  resource: 'offer',
  Summary: OfferRedemptions,
  deactivateEffect: "It leaves the users' offer lists and redeeming it is refused with 400 OFFER_INACTIVE.",
  title: 'Offers',
  singular: 'Offer',
  idKey: 'offerId',
  intro: 'What users can redeem points for; each redemption issues a coupon.',
  columns: [
    { label: 'Offer id', render: (o) => <code>{o.offerId}</code> },
    { label: 'Title', render: (o) => pickLanguage(o.title) },
    { label: 'Cost', render: (o) => `${o.points} ${o.currency ?? 'pts'}` },
    { label: 'Shop', render: (o) => o.shopId ?? '—' },
    { label: 'Limits', render: limitsText },
    {
      label: 'Redeemed',
      render: (o) => (o.totalStatistics ? `${o.statistics?.redeemed ?? 0} this month · ${o.totalStatistics.redeemed} in total` : '—'),
    },
    {
      label: 'Valid',
      render: (o) => (o.validFrom || o.validUntil ? `${formatDate(o.validFrom)} → ${formatDate(o.validUntil)}` : 'always'),
    },
  ],
  blank: () => ({
    offerId: '',
    type: 'LOCAL',
    points: '100',
    currency: 'points',
    title: { de: '', en: '' },
    description: { de: '', en: '' },
    category: '',
    image: '',
    shopId: '',
    monthlyLimit: '',
    totalLimit: '',
    perUserLimit: '',
    couponValidityDays: '30',
    validFrom: '',
    validUntil: '',
    streakId: '',
    status: 'ACTIVE',
    tiers: [],
  }),
  toForm: (o) => ({
    offerId: o.offerId,
    type: o.type ?? '',
    points: text(o.points),
    currency: o.currency ?? 'points',
    title: { de: '', en: '', ...o.title },
    description: { de: '', en: '', ...o.description },
    category: o.category ?? '',
    image: o.image ?? '',
    shopId: o.shopId ?? '',
    monthlyLimit: text(o.monthlyLimit),
    totalLimit: text(o.totalLimit),
    perUserLimit: text(o.perUserLimit),
    couponValidityDays: text(o.couponValidityDays),
    validFrom: msToLocalInput(o.validFrom),
    validUntil: msToLocalInput(o.validUntil),
    streakId: o.streakId ?? '',
    status: o.status ?? 'ACTIVE',
    tiers: o.tiers ?? [],
  }),
  toBody: offerToBody,
  fields: [
    'offerId',
    'type',
    'points',
    'currency',
    'title',
    'description',
    'category',
    'image',
    'shopId',
    'monthlyLimit',
    'totalLimit',
    'perUserLimit',
    'couponValidityDays',
    'validFrom',
    'validUntil',
    'tiers',
    'streakId',
  ],
  Form: OfferFields,
  emptyText: <p>No offers yet. Create a shop first if your offers belong to partners.</p>,
};

export function OffersScreen() {
  return <ResourceScreen config={offersConfig} />;
}

/** The limits an offer has, e.g. "month 50 · total 500", "per user 1"; "no limit" when it has none. */
function limitsText(o: { monthlyLimit?: number | null; totalLimit?: number | null; perUserLimit?: number | null }): string {
  const parts = [
    o.monthlyLimit != null ? `month ${o.monthlyLimit}` : null,
    o.totalLimit != null ? `total ${o.totalLimit}` : null,
    o.perUserLimit != null ? `per user ${o.perUserLimit}` : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? parts.join(' · ') : 'no limit';
}
