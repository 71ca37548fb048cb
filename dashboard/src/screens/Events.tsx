import type { EventDefinition, EventType, LimitPeriod, MetadataField, UserGroup } from '../api/types';
import { ConditionsEditor } from '../components/ConditionsEditor';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { IdPicker } from '../components/IdPicker';
import { Checkbox, Rows, Select, TextInput } from '../components/ui';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { CurrencyRewardsEditor } from './EventCurrencyRewards';
import { blankEvent, describeEvent, eventToBody, eventToForm, type EventForm } from './eventForm';

const TYPE_HINTS: Record<EventType, string> = {
  FIXED: 'The same points every time.',
  TRANSACTION: 'Points = metadata value × reward (e.g. amount × 1), rounded down.',
  CONDITIONAL: 'Points only when the conditions below hold.',
};

function EventFormFields({ value: f, set, errors, editing }: FormProps<EventForm>) {
  const api = useApi();
  const groups = useLoad(`${api.projectId}/usergroup`, () => api.get<UserGroup[]>('/admin/usergroup', []));
  const metadataKeys = f.metadataFields.map((m) => m.key).filter(Boolean);
  return (
    <div className="form-grid">
      <TextInput
        label="Event id"
        value={f.eventId}
        disabled={editing}
        error={errors.eventId}
        hint="Sent by your app as eventId. Letters, digits, _ and -; generated when empty."
        onChange={(eventId) => set({ eventId })}
      />
      <TextInput label="Title" value={f.title} required error={errors.title} onChange={(title) => set({ title })} />
      <TextInput
        label="Description"
        value={f.description}
        error={errors.description}
        wide
        onChange={(description) => set({ description })}
      />
      <Select<EventType>
        label="Kind"
        value={f.type}
        options={['FIXED', 'TRANSACTION', 'CONDITIONAL']}
        hint={TYPE_HINTS[f.type]}
        error={errors.type}
        onChange={(type) => set({ type })}
      />
      <TextInput
        label={f.type === 'TRANSACTION' ? 'Points per unit' : 'Points'}
        type="number"
        value={f.rewardDefault}
        error={errors.reward}
        onChange={(rewardDefault) => set({ rewardDefault })}
      />
      {f.type === 'TRANSACTION' && (
        <TextInput
          label="Value field (metadata)"
          value={f.rewardValueField}
          list="event-value-fields"
          placeholder="amount"
          error={errors.rewardValueField}
          onChange={(rewardValueField) => set({ rewardValueField })}
        />
      )}
      <TextInput
        label="Maximum points per event"
        type="number"
        value={f.maximumReward}
        hint="Empty: no cap."
        error={errors.maximumReward}
        onChange={(maximumReward) => set({ maximumReward })}
      />
      <TextInput
        label="Limit (times per period)"
        type="number"
        value={f.limit}
        hint="Empty: unlimited. Over the limit the event is logged with 0 points."
        error={errors.limit}
        onChange={(limit) => set({ limit })}
      />
      <Select<LimitPeriod>
        label="Limit period"
        value={f.limitPeriod}
        options={['daily', 'weekly', 'monthly', 'lifetime']}
        error={errors.limitPeriod}
        onChange={(limitPeriod) => set({ limitPeriod })}
      />
      <TextInput label="Image URL" value={f.image} type="url" error={errors.image} onChange={(image) => set({ image })} />
      <TextInput
        label="Pending days"
        type="number"
        min={0}
        value={f.pendingDays}
        hint="Points wait this many days (e.g. a return window) before they can be spent. Empty: available at once."
        error={errors.pendingDays}
        onChange={(pendingDays) => set({ pendingDays })}
      />
      <Checkbox
        label="Requires an API key (server-to-server only)"
        checked={f.requiresApiKey}
        onChange={(requiresApiKey) => set({ requiresApiKey })}
      />

      <div className="field-wide">
        <Rows
          legend="Group rewards"
          hint="Users whose event names the group in metadata.usergroup get these points instead; the highest applies."
          rows={f.groupRewards}
          onChange={(groupRewards) => set({ groupRewards })}
          blank={() => ({ groupId: groups.data?.[0]?.userGroupId ?? '', points: '' })}
          addLabel="Add group reward"
          render={(row, setRow, i) => (
            <>
              <IdPicker<UserGroup>
                label={`User group ${i + 1}`}
                resource="usergroup"
                value={row.groupId}
                idOf={(g) => g.userGroupId}
                nameOf={(g) => g.title.default}
                onChange={(groupId) => setRow({ ...row, groupId })}
              />
              <TextInput label="Points" type="number" value={row.points} onChange={(points) => setRow({ ...row, points })} />
            </>
          )}
        />
      </div>
      <CurrencyRewardsEditor
        rows={f.currencyRewards}
        onChange={(currencyRewards) => set({ currencyRewards })}
        error={errors.currencyRewards ?? errors.maximumRewards}
      />
      {/* The conditions editor renders its own list (event-metadata-keys); this one serves the value field. */}
      <datalist id="event-value-fields">
        {metadataKeys.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      <div className="field-wide">
        <Rows<MetadataField>
          legend="Metadata fields"
          hint={
            'What your app sends in metadata (at most 10 keys). Required fields are checked on every event; ' +
            'they also drive the analytics.'
          }
          rows={f.metadataFields}
          error={errors.metadataFields}
          onChange={(metadataFields) => set({ metadataFields })}
          blank={() => ({ key: '', type: 'number', required: false })}
          addLabel="Add metadata field"
          render={(row, setRow, i) => (
            <>
              <TextInput label={`Key ${i + 1}`} value={row.key} onChange={(key) => setRow({ ...row, key })} />
              <Select<MetadataField['type']>
                label="Type"
                value={row.type}
                options={['number', 'string', 'boolean', 'array']}
                onChange={(type) => setRow({ ...row, type })}
              />
              <Checkbox label="Required" checked={row.required} onChange={(required) => setRow({ ...row, required })} />
            </>
          )}
        />
      </div>
      <div className="field-wide">
        <ConditionsEditor
          listId="event-metadata-keys"
          value={f.conditions}
          fieldSuggestions={metadataKeys}
          error={errors.conditions}
          onChange={(conditions) => set({ conditions })}
        />
      </div>
      <p className="summary field-wide" aria-live="polite">
        {describeEvent(f)}
      </p>
      <details className="field-wide">
        <summary>Request body</summary>
        <pre>{JSON.stringify(eventToBody(f), null, 2)}</pre>
      </details>
    </div>
  );
}

export const eventsConfig: ResourceConfig<EventDefinition, EventForm> = {
  resource: 'event',
  deactivateEffect: "Your app's calls of POST /event for it are refused with 400 EVENT_INACTIVE, and it awards nothing.",
  title: 'Event definitions',
  singular: 'Event',
  idKey: 'eventId',
  intro: 'What your app may send to POST /event, and what each event is worth.',
  columns: [
    { label: 'Event id', render: (e) => <code>{e.eventId}</code> },
    { label: 'Title', render: (e) => e.title },
    { label: 'Kind', render: (e) => e.type },
    {
      label: 'Reward',
      render: (e) =>
        Object.entries(e.reward ?? {})
          .map(([k, v]) => (k === 'default' ? String(v) : `${k}: ${v}`))
          .join(' · '),
    },
    { label: 'Limit', render: (e) => (e.limit == null ? 'unlimited' : `${e.limit} / ${e.limitPeriod ?? 'daily'}`) },
  ],
  blank: blankEvent,
  toForm: eventToForm,
  toBody: eventToBody,
  fields: [
    'eventId',
    'title',
    'description',
    'type',
    'reward',
    'rewardValueField',
    'limit',
    'limitPeriod',
    'maximumReward',
    'conditions',
    'metadataFields',
    'image',
    'pendingDays',
    'currencyRewards',
    'maximumRewards',
  ],
  Form: EventFormFields,
  emptyText: (
    <>
      <p>No event definitions yet.</p>
      <p>Create one for each thing your users do that should count: a purchase, a check-in, a review.</p>
    </>
  ),
};

export function EventsScreen() {
  return <ResourceScreen config={eventsConfig} />;
}
