import type { Status, Survey, SurveyOption } from '../api/types';
import { LazyChartCard } from '../components/LazyChart';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Rows, Select, TextInput } from '../components/ui';
import { compact, formatDate, localInputToMs, msToLocalInput, numberField, text } from '../form';

export interface SurveyForm {
  surveyId: string;
  title: string;
  description: string;
  type: Survey['type'];
  options: SurveyOption[];
  validFrom: string;
  validUntil: string;
  points: string;
  currency: string;
  status: Status;
}

export function surveyToBody(f: SurveyForm): Record<string, unknown> {
  return compact({
    surveyId: f.surveyId.trim() || undefined,
    title: f.title,
    description: f.description || undefined,
    type: f.type,
    options: f.options.map((o) => ({ optionId: o.optionId.trim(), label: o.label })),
    validFrom: localInputToMs(f.validFrom),
    validUntil: localInputToMs(f.validUntil),
    points: numberField(f.points) ?? 0,
    currency: currencyField(f.currency),
    status: f.status,
  });
}

function SurveyFields({ value: f, set, errors, editing }: FormProps<SurveyForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="Survey id"
        value={f.surveyId}
        disabled={editing}
        error={errors.surveyId}
        hint="Generated when empty."
        onChange={(surveyId) => set({ surveyId })}
      />
      <Select<Survey['type']>
        label="Answers"
        value={f.type}
        options={[
          { value: 'SINGLE', label: 'SINGLE: exactly one option' },
          { value: 'MULTIPLE', label: 'MULTIPLE: one or more options' },
        ]}
        error={errors.type}
        onChange={(type) => set({ type })}
      />
      <TextInput label="Question (title)" value={f.title} wide error={errors.title} onChange={(title) => set({ title })} />
      <TextInput
        label="Description"
        value={f.description}
        wide
        error={errors.description}
        onChange={(description) => set({ description })}
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
      <TextInput label="Points for answering" type="number" value={f.points} error={errors.points} onChange={(points) => set({ points })} />
      <CurrencySelect value={f.currency} error={errors.currency} onChange={(currency) => set({ currency })} />
      <div className="field-wide">
        <Rows<SurveyOption>
          legend="Options"
          rows={f.options}
          error={errors.options}
          onChange={(options) => set({ options })}
          blank={() => ({ optionId: `o${f.options.length + 1}`, label: '' })}
          addLabel="Add option"
          render={(row, setRow, i) => (
            <>
              <TextInput label={`Option id ${i + 1}`} value={row.optionId} onChange={(optionId) => setRow({ ...row, optionId })} />
              <TextInput label="Label" value={row.label} onChange={(label) => setRow({ ...row, label })} />
            </>
          )}
        />
      </div>
    </div>
  );
}

export const surveysConfig: ResourceConfig<Survey, SurveyForm> = {
  resource: 'survey',
  title: 'Surveys',
  singular: 'Survey',
  idKey: 'surveyId',
  intro: 'Questions users answer once, optionally for points.',
  columns: [
    { label: 'Survey id', render: (s) => <code>{s.surveyId}</code> },
    { label: 'Question', render: (s) => s.title },
    { label: 'Answers', render: (s) => `${s.type} · ${(s.options ?? []).length} options` },
    { label: 'Points', render: (s) => `${s.points}${s.currency ? ` ${s.currency}` : ''}` },
    { label: 'Answered', render: (s) => s.statistics?.answered ?? '—' },
    { label: 'Valid', render: (s) => `${formatDate(s.validFrom)} → ${formatDate(s.validUntil)}` },
  ],
  blank: () => {
    const now = Date.now();
    return {
      surveyId: '',
      title: '',
      description: '',
      type: 'SINGLE',
      options: [
        { optionId: 'yes', label: 'Yes' },
        { optionId: 'no', label: 'No' },
      ],
      validFrom: msToLocalInput(now - (now % 86_400_000)),
      validUntil: msToLocalInput(now - (now % 86_400_000) + 30 * 86_400_000),
      points: '10',
      currency: 'points',
      status: 'ACTIVE',
    };
  },
  toForm: (s) => ({
    surveyId: s.surveyId,
    title: s.title ?? '',
    description: s.description ?? '',
    type: s.type ?? 'SINGLE',
    options: s.options ?? [],
    validFrom: msToLocalInput(s.validFrom),
    validUntil: msToLocalInput(s.validUntil),
    points: text(s.points),
    currency: s.currency ?? 'points',
    status: s.status ?? 'ACTIVE',
  }),
  toBody: surveyToBody,
  fields: ['surveyId', 'title', 'description', 'type', 'options', 'validFrom', 'validUntil', 'points', 'currency'],
  Form: SurveyFields,
  Summary: SurveyResults,
  emptyText: <p>No surveys yet.</p>,
};

export function SurveysScreen() {
  return <ResourceScreen config={surveysConfig} />;
}

/** The answers of each survey that has some, per option. */
function SurveyResults({ items }: { items: Survey[] }) {
  const answered = items.filter((s) => (s.statistics?.answered ?? 0) > 0);
  if (answered.length === 0) return null;
  return (
    <div className="cards" data-testid="survey-results">
      {answered.map((s) => (
        <LazyChartCard
          key={s.surveyId}
          title={`${s.title || s.surveyId}: ${s.statistics!.answered} answered`}
          layout="vertical"
          data={(s.options ?? []).map((o) => ({ label: o.label || o.optionId, chosen: s.statistics!.options[o.optionId] ?? 0 }))}
          series={[{ key: 'chosen', label: 'chosen' }]}
        />
      ))}
    </div>
  );
}
