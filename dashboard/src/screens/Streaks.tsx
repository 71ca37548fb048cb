import type { Milestone, Status, Streak } from '../api/types';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Checkbox, Empty, LanguageMapInput, Rows, Select, TextInput } from '../components/ui';
import { cleanLanguageMap, compact, numberField, text, pickLanguage } from '../form';
import { useEventIds } from './eventOptions';

export interface StreakForm {
  streakId: string;
  title: Record<string, string>;
  description: Record<string, string>;
  timeFrame: Streak['timeFrame'];
  eventIds: string[];
  milestones: Array<{ count: string; points: string; currency: string }>;
  /** Most banked freezes; empty: no freezes. */
  freezesMax: string;
  earnFreezeEveryMilestone: boolean;
  status: Status;
}

export function streakToBody(f: StreakForm): Record<string, unknown> {
  return compact({
    streakId: f.streakId.trim() || undefined,
    title: cleanLanguageMap(f.title) ?? {},
    description: cleanLanguageMap(f.description),
    timeFrame: f.timeFrame,
    eventIds: f.eventIds,
    milestones: f.milestones.map((m) =>
      compact({ count: numberField(m.count), points: numberField(m.points) ?? 0, currency: currencyField(m.currency) }),
    ),
    freezes: f.freezesMax.trim() === '' ? null : { max: numberField(f.freezesMax), earnEveryMilestone: f.earnFreezeEveryMilestone },
    status: f.status,
  });
}

function StreakFields({ value: f, set, errors, editing }: FormProps<StreakForm>) {
  const eventIds = useEventIds();
  const all = [...new Set([...eventIds, ...f.eventIds])];
  return (
    <div className="form-grid">
      <TextInput
        label="Streak id"
        value={f.streakId}
        disabled={editing}
        error={errors.streakId}
        hint="Generated when empty."
        onChange={(streakId) => set({ streakId })}
      />
      <Select<Streak['timeFrame']>
        label="Period"
        value={f.timeFrame}
        options={['daily', 'weekly', 'monthly']}
        error={errors.timeFrame}
        hint="One qualifying event per period keeps the streak going (in each user's time zone; weeks start Monday)."
        onChange={(timeFrame) => set({ timeFrame })}
      />
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
      <fieldset className={`field-wide${errors.eventIds ? ' field-invalid' : ''}`}>
        <legend>Events that count</legend>
        {all.length === 0 ? (
          <Empty>Create an event definition first.</Empty>
        ) : (
          <div className="checks">
            {all.map((id) => (
              <Checkbox
                key={id}
                label={id}
                checked={f.eventIds.includes(id)}
                onChange={(on) => set({ eventIds: on ? [...f.eventIds, id] : f.eventIds.filter((x) => x !== id) })}
              />
            ))}
          </div>
        )}
        {errors.eventIds && (
          <small className="field-error" role="alert">
            {errors.eventIds}
          </small>
        )}
      </fieldset>
      <TextInput
        label="Freezes (most banked)"
        type="number"
        value={f.freezesMax}
        error={errors.freezes}
        hint="Empty: no freezes. A banked freeze covers a missed period automatically."
        onChange={(freezesMax) => set({ freezesMax })}
      />
      <Checkbox
        label="Each milestone earns a freeze"
        checked={f.earnFreezeEveryMilestone}
        onChange={(earnFreezeEveryMilestone) => set({ earnFreezeEveryMilestone })}
      />
      <div className="field-wide">
        <Rows
          legend="Milestones"
          hint="Points once per run when the streak reaches the count."
          rows={f.milestones}
          error={errors.milestones}
          onChange={(milestones) => set({ milestones })}
          blank={() => ({ count: '', points: '', currency: 'points' })}
          addLabel="Add milestone"
          render={(row, setRow, i) => (
            <>
              <TextInput
                label={`Reached after (periods) ${i + 1}`}
                type="number"
                value={row.count}
                onChange={(count) => setRow({ ...row, count })}
              />
              <TextInput label="Points" type="number" value={row.points} onChange={(points) => setRow({ ...row, points })} />
              <CurrencySelect value={row.currency} onChange={(currency) => setRow({ ...row, currency })} />
            </>
          )}
        />
      </div>
    </div>
  );
}

export const streaksConfig: ResourceConfig<Streak, StreakForm> = {
  resource: 'streak',
  title: 'Streaks & milestones',
  singular: 'Streak',
  idKey: 'streakId',
  intro: 'Reward users who come back every day, week or month.',
  columns: [
    { label: 'Streak id', render: (s) => <code>{s.streakId}</code> },
    { label: 'Title', render: (s) => pickLanguage(s.title) },
    { label: 'Period', render: (s) => s.timeFrame },
    { label: 'Events', render: (s) => (s.eventIds ?? []).join(', ') },
    {
      label: 'Milestones',
      render: (s) => (s.milestones ?? []).map((m: Milestone) => `${m.count}× → ${m.points} ${m.currency ?? 'pts'}`).join(' · ') || '—',
    },
    {
      label: 'Freezes',
      render: (s) => (s.freezes ? `up to ${s.freezes.max}${s.freezes.earnEveryMilestone ? ', 1 per milestone' : ''}` : '—'),
    },
  ],
  blank: () => ({
    streakId: '',
    title: { de: '', en: '' },
    description: { de: '', en: '' },
    timeFrame: 'daily',
    eventIds: [],
    milestones: [{ count: '7', points: '50', currency: 'points' }],
    freezesMax: '',
    earnFreezeEveryMilestone: false,
    status: 'ACTIVE',
  }),
  toForm: (s) => ({
    streakId: s.streakId,
    title: { de: '', en: '', ...s.title },
    description: { de: '', en: '', ...s.description },
    timeFrame: s.timeFrame ?? 'daily',
    eventIds: s.eventIds ?? [],
    milestones: (s.milestones ?? []).map((m) => ({ count: text(m.count), points: text(m.points), currency: m.currency ?? 'points' })),
    freezesMax: s.freezes ? text(s.freezes.max) : '',
    earnFreezeEveryMilestone: s.freezes?.earnEveryMilestone ?? false,
    status: s.status ?? 'ACTIVE',
  }),
  toBody: streakToBody,
  fields: ['streakId', 'title', 'description', 'timeFrame', 'eventIds', 'milestones', 'freezes'],
  Form: StreakFields,
  emptyText: <p>No streaks yet.</p>,
};

export function StreaksScreen() {
  return <ResourceScreen config={streaksConfig} />;
}
