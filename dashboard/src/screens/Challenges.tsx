import type { Challenge, EventDefinition, Status } from '../api/types';
import { ConditionsEditor, conditionsToBody, conditionsToForm, type ConditionsForm } from '../components/ConditionsEditor';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Checkbox, LanguageMapInput, Select, TextInput } from '../components/ui';
import { cleanLanguageMap, compact, formatDate, localInputToMs, msToLocalInput, numberField, text, pickLanguage } from '../form';
import { IdPicker } from '../components/IdPicker';

export interface ChallengeForm {
  challengeId: string;
  title: Record<string, string>;
  description: Record<string, string>;
  type: 'FIXED' | 'SUM';
  eventId: string;
  valueField: string;
  conditions: ConditionsForm;
  goal: string;
  points: string;
  currency: string;
  seriesId: string;
  step: string;
  isLastStep: boolean;
  image: string;
  startDate: string;
  endDate: string;
  status: Status;
}

export function challengeToBody(f: ChallengeForm): Record<string, unknown> {
  return compact({
    challengeId: f.challengeId.trim() || undefined,
    title: cleanLanguageMap(f.title) ?? {},
    description: cleanLanguageMap(f.description),
    type: f.type,
    eventId: f.eventId.trim(),
    valueField: f.type === 'SUM' ? f.valueField.trim() || undefined : undefined,
    conditions: conditionsToBody(f.conditions),
    goal: numberField(f.goal),
    points: numberField(f.points) ?? 0,
    currency: currencyField(f.currency),
    seriesId: f.seriesId.trim() || undefined,
    step: f.seriesId.trim() ? numberField(f.step) : undefined,
    isLastStep: f.seriesId.trim() ? f.isLastStep : undefined,
    image: f.image.trim() || undefined,
    startDate: localInputToMs(f.startDate),
    endDate: localInputToMs(f.endDate),
    status: f.status,
  });
}

function ChallengeFields({ value: f, set, errors, editing }: FormProps<ChallengeForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="Challenge id"
        value={f.challengeId}
        disabled={editing}
        error={errors.challengeId}
        hint="Generated when empty."
        onChange={(challengeId) => set({ challengeId })}
      />
      <Select<'FIXED' | 'SUM'>
        label="Kind"
        value={f.type}
        options={[
          { value: 'FIXED', label: 'FIXED: count events' },
          { value: 'SUM', label: 'SUM: add up a metadata value' },
        ]}
        error={errors.type}
        onChange={(type) => set({ type })}
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
      <IdPicker<EventDefinition>
        label="Event id"
        resource="event"
        value={f.eventId}
        idOf={(e) => e.eventId}
        nameOf={(e) => e.title}
        error={errors.eventId}
        hint="The event that makes progress."
        onChange={(eventId) => set({ eventId })}
      />
      {f.type === 'SUM' && (
        <TextInput
          label="Value field (metadata)"
          value={f.valueField}
          placeholder="amount"
          error={errors.valueField}
          onChange={(valueField) => set({ valueField })}
        />
      )}
      <TextInput
        label="Goal"
        type="number"
        value={f.goal}
        error={errors.goal}
        hint={f.type === 'SUM' ? 'Total of the value field.' : 'Number of events.'}
        onChange={(goal) => set({ goal })}
      />
      <TextInput label="Points on completion" type="number" value={f.points} error={errors.points} onChange={(points) => set({ points })} />
      <CurrencySelect value={f.currency} error={errors.currency} onChange={(currency) => set({ currency })} />
      <TextInput
        label="Series id"
        value={f.seriesId}
        error={errors.seriesId}
        hint="Steps of one series open one after the other."
        onChange={(seriesId) => set({ seriesId })}
      />
      {f.seriesId.trim() !== '' && (
        <TextInput
          label="Step in series"
          type="number"
          value={f.step}
          error={errors.step}
          hint="1 opens first; step n+1 opens when step n completes."
          onChange={(step) => set({ step })}
        />
      )}
      {f.seriesId.trim() !== '' && (
        <Checkbox label="Last step of the series" checked={f.isLastStep} onChange={(isLastStep) => set({ isLastStep })} />
      )}
      <TextInput label="Image URL" type="url" value={f.image} error={errors.image} onChange={(image) => set({ image })} />
      <TextInput
        label="Starts (UTC)"
        type="datetime-local"
        value={f.startDate}
        error={errors.startDate}
        hint="Empty: open now."
        onChange={(startDate) => set({ startDate })}
      />
      <TextInput
        label="Ends (UTC)"
        type="datetime-local"
        value={f.endDate}
        error={errors.endDate}
        hint="Empty: no end (not time-limited)."
        onChange={(endDate) => set({ endDate })}
      />
      <div className="field-wide">
        <ConditionsEditor
          listId="challenge-fields"
          value={f.conditions}
          fieldSuggestions={[]}
          error={errors.conditions}
          onChange={(conditions) => set({ conditions })}
        />
      </div>
    </div>
  );
}

export const challengesConfig: ResourceConfig<Challenge, ChallengeForm> = {
  resource: 'challenge',
  title: 'Challenges & series',
  singular: 'Challenge',
  idKey: 'challengeId',
  intro: 'Goals users reach with their events. A series is a set of challenges with the same series id, opened step by step.',
  columns: [
    { label: 'Challenge id', render: (c) => <code>{c.challengeId}</code> },
    { label: 'Title', render: (c) => pickLanguage(c.title) },
    { label: 'Goal', render: (c) => `${c.goal} × ${c.eventId}${c.type === 'SUM' ? ` (${c.valueField})` : ''}` },
    { label: 'Points', render: (c) => `${c.points}${c.currency ? ` ${c.currency}` : ''}` },
    { label: 'Series', render: (c) => (c.seriesId ? `${c.seriesId} #${c.step ?? '?'}${c.isLastStep ? ' (last)' : ''}` : '—') },
    { label: 'Window', render: (c) => (c.startDate || c.endDate ? `${formatDate(c.startDate)} → ${formatDate(c.endDate)}` : 'always') },
    {
      label: 'Completed',
      render: (c) => (c.completions ? `${c.completions.total} (${c.completions.last30Days} in 30 days)` : '—'),
      csv: (c) => c.completions?.total ?? null,
    },
  ],
  blank: () => ({
    challengeId: '',
    title: { de: '', en: '' },
    description: { de: '', en: '' },
    type: 'FIXED',
    eventId: '',
    valueField: '',
    conditions: { type: 'AND', rows: [] },
    goal: '5',
    points: '50',
    currency: 'points',
    seriesId: '',
    step: '1',
    isLastStep: false,
    image: '',
    startDate: '',
    endDate: '',
    status: 'ACTIVE',
  }),
  toForm: (c) => ({
    challengeId: c.challengeId,
    title: { de: '', en: '', ...c.title },
    description: { de: '', en: '', ...c.description },
    type: c.type ?? 'FIXED',
    eventId: c.eventId ?? '',
    valueField: c.valueField ?? '',
    conditions: conditionsToForm(c.conditions),
    goal: text(c.goal),
    points: text(c.points),
    currency: c.currency ?? 'points',
    seriesId: c.seriesId ?? '',
    step: text(c.step),
    isLastStep: c.isLastStep ?? false,
    image: c.image ?? '',
    startDate: msToLocalInput(c.startDate),
    endDate: msToLocalInput(c.endDate),
    status: c.status ?? 'ACTIVE',
  }),
  toBody: challengeToBody,
  fields: [
    'challengeId',
    'title',
    'description',
    'type',
    'eventId',
    'valueField',
    'conditions',
    'goal',
    'points',
    'currency',
    'seriesId',
    'step',
    'isLastStep',
    'image',
    'startDate',
    'endDate',
  ],
  Form: ChallengeFields,
  emptyText: <p>No challenges yet. A challenge turns repeated events into a goal: “buy 5 times this month”.</p>,
};

export function ChallengesScreen() {
  return <ResourceScreen config={challengesConfig} />;
}
