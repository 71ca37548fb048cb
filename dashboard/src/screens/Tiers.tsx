import type { Status, Tier } from '../api/types';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { LanguageMapInput, TextInput } from '../components/ui';
import { cleanLanguageMap, compact, numberField, pickLanguage } from '../form';

/** Tiers have no status; the form keeps one only because every resource form does (it is never sent). */
export interface TierForm {
  tierId: string;
  title: Record<string, string>;
  threshold: string;
  multiplier: string;
  benefits: Record<string, string>;
  status: Status;
}

export function tierToBody(f: TierForm): Record<string, unknown> {
  return compact({
    tierId: f.tierId.trim() || undefined,
    title: cleanLanguageMap(f.title) ?? {},
    threshold: numberField(f.threshold),
    multiplier: numberField(f.multiplier),
    benefits: cleanLanguageMap(f.benefits),
  });
}

function TierFields({ value: f, set, errors, editing }: FormProps<TierForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="Tier id"
        value={f.tierId}
        disabled={editing}
        error={errors.tierId}
        hint="Generated when empty."
        onChange={(tierId) => set({ tierId })}
      />
      <TextInput
        label="Threshold"
        type="number"
        min={0}
        value={f.threshold}
        error={errors.threshold}
        hint="Points earned in the tier window (project setting, default 12 months) that reach this tier."
        onChange={(threshold) => set({ threshold })}
      />
      <TextInput
        label="Multiplier"
        type="number"
        min={1}
        step="0.1"
        value={f.multiplier}
        error={errors.multiplier}
        hint="Event rewards are multiplied by it (rounded down), then capped by maximumReward."
        onChange={(multiplier) => set({ multiplier })}
      />
      <div className="field-wide">
        <LanguageMapInput label="Title" value={f.title} error={errors.title} onChange={(title) => set({ title })} />
      </div>
      <div className="field-wide">
        <LanguageMapInput label="Benefits" value={f.benefits} error={errors.benefits} onChange={(benefits) => set({ benefits })} />
      </div>
    </div>
  );
}

export const tiersConfig: ResourceConfig<Tier, TierForm> = {
  resource: 'tier',
  title: 'Tiers',
  singular: 'Tier',
  idKey: 'tierId',
  intro: 'The loyalty ladder: a user holds the highest tier whose threshold the points earned in the tier window reach.',
  columns: [
    { label: 'Tier id', render: (x) => <code>{x.tierId}</code> },
    { label: 'Title', render: (x) => pickLanguage(x.title) },
    { label: 'Threshold', render: (x) => x.threshold },
    { label: 'Multiplier', render: (x) => `×${x.multiplier}` },
  ],
  blank: () => ({ tierId: '', title: { de: '', en: '' }, threshold: '', multiplier: '1', benefits: { de: '', en: '' }, status: 'ACTIVE' }),
  toForm: (x) => ({
    tierId: x.tierId,
    title: { de: '', en: '', ...x.title },
    threshold: String(x.threshold),
    multiplier: String(x.multiplier),
    benefits: { de: '', en: '', ...(x.benefits ?? {}) },
    status: 'ACTIVE',
  }),
  toBody: tierToBody,
  fields: ['tierId', 'title', 'threshold', 'multiplier', 'benefits'],
  Form: TierFields,
  emptyText: <p>No tiers yet.</p>,
  statusless: true,
};

export function TiersScreen() {
  return <ResourceScreen config={tiersConfig} />;
}
