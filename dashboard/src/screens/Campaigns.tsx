import { enc } from '../api/client';
import type { Campaign, CampaignStacking, Segment } from '../api/types';
import { ConditionsEditor } from '../components/ConditionsEditor';
import { CurrencySelect } from '../components/CurrencySelect';
import { IdPicker } from '../components/IdPicker';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Checkbox, Field, Select, TextInput } from '../components/ui';
import { formatDate } from '../form';
import { href } from '../router';
import { CampaignBackfill } from './CampaignBackfill';
import { CampaignPreview } from './CampaignPreview';
import {
  blankCampaign,
  budgetText,
  budgetTotal,
  CAMPAIGN_FIELDS,
  campaignPhase,
  campaignToBody,
  campaignToForm,
  daysText,
  effectText,
  WEEK,
  type CampaignForm,
} from './campaignForm';
import { useEventIds, useMetadataKeys } from './eventOptions';

const STACKING: ReadonlyArray<{ value: CampaignStacking; label: string }> = [
  { value: 'stack', label: 'stack: adds to the other campaigns' },
  { value: 'exclusive', label: 'exclusive: the only campaign paid when it applies' },
];

function CampaignFields({ value: f, set, errors, editing }: FormProps<CampaignForm>) {
  const eventIds = useEventIds();
  const metadataKeys = useMetadataKeys(f.eventIds);
  return (
    <div className="form-grid">
      <TextInput
        label="Campaign id"
        value={f.campaignId}
        disabled={editing}
        error={errors.campaignId}
        hint="Generated when empty."
        onChange={(campaignId) => set({ campaignId })}
      />
      <TextInput label="Title" value={f.title} error={errors.title} onChange={(title) => set({ title })} />
      <TextInput
        label="Starts (UTC)"
        type="datetime-local"
        value={f.startAt}
        error={errors.startAt}
        hint="Events whose own time is from the start…"
        onChange={(startAt) => set({ startAt })}
      />
      <TextInput
        label="Ends (UTC)"
        type="datetime-local"
        value={f.endAt}
        error={errors.endAt}
        hint="…until the end (not included)."
        onChange={(endAt) => set({ endAt })}
      />
      <Field label="Events" error={errors.eventIds} hint="None selected: every event.">
        {(id, describedBy) => (
          <select
            id={id}
            multiple
            value={f.eventIds}
            aria-describedby={describedBy}
            aria-invalid={errors.eventIds ? true : undefined}
            onChange={(e) => set({ eventIds: [...e.target.selectedOptions].map((o) => o.value) })}
          >
            {[...new Set([...eventIds, ...f.eventIds])].map((eventId) => (
              <option key={eventId} value={eventId}>
                {eventId}
              </option>
            ))}
          </select>
        )}
      </Field>
      <DaysOfWeek value={f.days} error={errors.days} onChange={(days) => set({ days })} />
      <IdPicker<Segment>
        label="Audience (segment)"
        resource="segment"
        value={f.segmentId}
        none="Everyone"
        idOf={(s) => s.segmentId}
        nameOf={(s) => s.title}
        error={errors.segmentId}
        hint="Only the segment's members at the event are paid."
        onChange={(segmentId) => set({ segmentId })}
      />
      <TextInput
        label="Multiplier"
        type="number"
        step="any"
        value={f.multiplier}
        error={errors.effect}
        hint="2 doubles what the event pays (1–100); empty: none."
        onChange={(multiplier) => set({ multiplier })}
      />
      <TextInput
        label="Bonus"
        type="number"
        value={f.bonus}
        hint="Added to each event it pays; empty: none."
        onChange={(bonus) => set({ bonus })}
      />
      <CurrencySelect label="Pays in" value={f.currency} onChange={(currency) => set({ currency })} />
      <TextInput
        label="Budget in all"
        type="number"
        value={f.budgetTotal}
        error={errors.budget}
        hint="Empty: no total budget."
        onChange={(budgetTotal) => set({ budgetTotal })}
      />
      <TextInput
        label="Budget per user"
        type="number"
        value={f.budgetPerUser}
        hint="Empty: no cap per user."
        onChange={(budgetPerUser) => set({ budgetPerUser })}
      />
      <TextInput
        label="Priority"
        type="number"
        value={f.priority}
        error={errors.priority}
        hint="Higher goes first."
        onChange={(priority) => set({ priority })}
      />
      <Select<CampaignStacking>
        label="Stacking"
        value={f.stacking}
        options={STACKING}
        error={errors.stacking}
        onChange={(stacking) => set({ stacking })}
      />
      <div className="field-wide">
        <ConditionsEditor
          value={f.conditions}
          onChange={(conditions) => set({ conditions })}
          fieldSuggestions={metadataKeys}
          error={errors.conditions}
          listId="campaign-condition-fields"
          meaning="Compared with the event's metadata. When they fail, the campaign does not apply to that event."
        />
      </div>
      <div className="field-wide">
        <CampaignPreview body={() => campaignToBody(f)} />
      </div>
      {editing && f.campaignId && (
        <div className="field-wide">
          <CampaignBackfill campaignId={f.campaignId} />
        </div>
      )}
    </div>
  );
}

/** Seven checkboxes, Monday first; none ticked: every day. */
function DaysOfWeek(props: { value: CampaignForm['days']; error?: string | null; onChange(days: CampaignForm['days']): void }) {
  return (
    <fieldset className={`field-wide${props.error ? ' field-invalid' : ''}`}>
      <legend>Days of the week</legend>
      <div className="checks">
        {WEEK.map(({ day, label }) => (
          <Checkbox
            key={day}
            label={label}
            checked={props.value.includes(day)}
            onChange={(on) => props.onChange(on ? [...props.value, day] : props.value.filter((d) => d !== day))}
          />
        ))}
      </div>
      <small className="hint">None ticked: every day. The day is the user&apos;s own, in their time zone.</small>
      {props.error && (
        <small className="field-error" role="alert">
          {props.error}
        </small>
      )}
    </fieldset>
  );
}

/** The budget gauge: spent of the total budget, or "no budget". */
export function BudgetGauge({ campaign: c }: { campaign: Campaign }) {
  return (
    <span className="budget" data-testid={`budget-${c.campaignId}`}>
      {c.remaining !== null && (
        <progress max={Math.max(1, budgetTotal(c))} value={c.spent} aria-label={`Budget of ${c.campaignId} spent`} />
      )}{' '}
      {budgetText(c)}
      {c.budget.perUser !== null && <small className="muted"> · at most {c.budget.perUser.toLocaleString('en')} per user</small>}
    </span>
  );
}

export const campaignsConfig: ResourceConfig<Campaign, CampaignForm> = {
  resource: 'campaign',
  title: 'Campaigns',
  singular: 'Campaign',
  idKey: 'campaignId',
  intro:
    'Promotions with a start and an end: a multiplier or a bonus on the events they name, for an audience, within a budget. ' +
    'A higher priority goes first; an exclusive campaign that applies is the only one paid. Preview one on past events before saving it.',
  columns: [
    { label: 'Campaign id', render: (c) => <code>{c.campaignId}</code>, csv: (c) => c.campaignId },
    { label: 'Title', render: (c) => c.title },
    {
      label: 'Window (UTC)',
      render: (c) => (
        <>
          {formatDate(c.startAt)} → {formatDate(c.endAt)} <span className="badge">{campaignPhase(c)}</span>
        </>
      ),
      csv: (c) => `${new Date(c.startAt).toISOString()} – ${new Date(c.endAt).toISOString()}`,
    },
    { label: 'Days', render: (c) => daysText(c.days) },
    {
      label: 'Audience',
      render: (c) => (c.segmentId ? <a href={href(`segments/${enc(c.segmentId)}`)}>{c.segmentId}</a> : 'everyone'),
      csv: (c) => c.segmentId ?? 'everyone',
    },
    { label: 'Effect', render: effectText },
    { label: 'Priority', render: (c) => `${c.priority} · ${c.stacking}`, csv: (c) => `${c.priority} ${c.stacking}` },
    { label: 'Budget', render: (c) => <BudgetGauge campaign={c} />, csv: budgetText },
  ],
  blank: () => blankCampaign(),
  toForm: campaignToForm,
  toBody: campaignToBody,
  fields: CAMPAIGN_FIELDS,
  Form: CampaignFields,
  deactivateEffect: 'It stops paying at once; what it paid stays.',
  emptyText: <p>No campaigns yet. A campaign adds points to events for a while, e.g. double points on the weekend.</p>,
};

export function CampaignsScreen() {
  return <ResourceScreen config={campaignsConfig} />;
}
