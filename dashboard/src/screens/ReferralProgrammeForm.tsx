import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import type { EventDefinition, ReferralProgramme } from '../api/types';
import { ConditionsEditor } from '../components/ConditionsEditor';
import { CurrencySelect } from '../components/CurrencySelect';
import { ErrorBanner, Loading, Select, TextInput } from '../components/ui';
import { formatDate, type FieldErrors } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { EventIdList } from './eventOptions';
import { placeProgrammeError, programmeToBody, programmeToForm, type ProgrammeForm } from './referralForm';

/** The project's referral programme (GET / PUT /admin/referral-programme), set whole. */
export function ReferralProgrammeSettings() {
  const api = useApi();
  const loaded = useLoad(`${api.projectId}/referral-programme`, () => api.get<ReferralProgramme>('/admin/referral-programme'));
  if (loaded.loading && !loaded.data) return <Loading what="Loading the referral programme" />;
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return null;
  return <ProgrammeEditor programme={loaded.data} />;
}

function ProgrammeEditor({ programme }: { programme: ReferralProgramme }) {
  const api = useApi();
  const [saved, setSaved] = useState(programme);
  const [form, setForm] = useState<ProgrammeForm>(() => programmeToForm(programme));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => setForm(programmeToForm(saved)), [saved]);
  const events = useLoad(`${api.projectId}/event`, () => api.get<EventDefinition[]>('/admin/event', []));
  const fieldSuggestions = (events.data ?? []).find((e) => e.eventId === form.eventId)?.metadataFields?.map((m) => m.key) ?? [];
  const set = (patch: Partial<ProgrammeForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
    setDone(false);
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setBanner(null);
    setDone(false);
    try {
      setSaved(await api.put<ReferralProgramme>('/admin/referral-programme', programmeToBody(form)));
      setDone(true);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeProgrammeError(err, form);
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
    }
  }

  const number = (label: string, key: keyof ProgrammeForm, field: string, hint?: string, min = 0) => (
    <TextInput
      label={label}
      type="number"
      min={min}
      value={form[key] as string}
      error={errors[field]}
      hint={hint}
      onChange={(v) => set({ [key]: v } as Partial<ProgrammeForm>)}
    />
  );
  return (
    <form className="panel" onSubmit={save} noValidate aria-label="Referral programme">
      <h2>Programme</h2>
      <p className="hint">
        {saved.updatedAt === null
          ? 'Never set: the programme is off (codes can be read, none can be entered).'
          : `Saved ${formatDate(saved.updatedAt)}.`}
      </p>
      <div className="form-grid">
        <Select
          label="Status"
          value={form.status}
          options={['ACTIVE', 'INACTIVE'] as const}
          error={errors.status}
          hint="Inactive: no code can be entered; referrals already entered still qualify."
          onChange={(status) => set({ status })}
        />
        <TextInput
          label="Qualifying event"
          value={form.eventId}
          list="referral-events"
          error={errors['qualifying/eventId']}
          hint="The event the referee must send (one of the project's events)."
          onChange={(eventId) => set({ eventId })}
        />
        <EventIdList id="referral-events" />
        {number(
          'Within days',
          'withinDays',
          'qualifying/withinDays',
          "Days after the referee's user was created within which the event counts.",
          1,
        )}
        {number('Code days', 'codeDays', 'codeDays', 'Days after joining a referee may still enter a code.', 1)}
        <fieldset className="field-wide">
          <legend>Referrer reward</legend>
          {number('Referrer points', 'referrerPoints', 'referrerReward/points')}
          <CurrencySelect
            label="Referrer currency"
            value={form.referrerCurrency}
            error={errors['referrerReward/currency']}
            onChange={(referrerCurrency) => set({ referrerCurrency })}
          />
        </fieldset>
        <fieldset className="field-wide">
          <legend>Referee reward</legend>
          {number('Referee points', 'refereePoints', 'refereeReward/points')}
          <CurrencySelect
            label="Referee currency"
            value={form.refereeCurrency}
            error={errors['refereeReward/currency']}
            onChange={(refereeCurrency) => set({ refereeCurrency })}
          />
        </fieldset>
        <fieldset className="field-wide">
          <legend>Referrer cap</legend>
          {number('Paid referrals per month', 'perMonth', 'referrerCap/perMonth', 'Per referrer and UTC month. Empty: no cap.')}
          {number('Paid referrals in all', 'total', 'referrerCap/total', 'Per referrer. Empty: no cap.')}
          <p className="hint">A referrer over its cap still qualifies the referral; the referee is paid, the referrer is not.</p>
        </fieldset>
        <div className="field-wide">
          <ConditionsEditor
            value={form.conditions}
            onChange={(conditions) => set({ conditions })}
            fieldSuggestions={fieldSuggestions}
            error={errors['qualifying/conditions']}
            listId="referral-condition-fields"
          />
        </div>
      </div>
      <button type="submit">Save programme</button>
      {done && <p role="status">Programme saved.</p>}
      <ErrorBanner error={banner} />
    </form>
  );
}
