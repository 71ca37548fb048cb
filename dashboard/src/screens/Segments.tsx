import { enc, query } from '../api/client';
import { OPERATORS, type Operator, type Segment, type SegmentCount, type SegmentMatch, type SegmentMembers } from '../api/types';
import type { ConditionRow } from '../components/ConditionsEditor';
import { useCurrencies } from '../components/CurrencySelect';
import { PagedTable } from '../components/PagedTable';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Rows, Select, TextInput } from '../components/ui';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { useEventIds } from './eventOptions';
import { OPERATOR_LABELS } from '../components/ConditionsEditor';
import {
  blankSegment,
  fieldSuggestions,
  membersPage,
  rulesText,
  SEGMENT_FIELDS,
  segmentToBody,
  segmentToForm,
  type SegmentForm,
} from './segmentForm';

function SegmentFields({ value: f, set, errors, editing }: FormProps<SegmentForm>) {
  const currencies = (useCurrencies() ?? []).map((c) => c.currencyId);
  const suggestions = fieldSuggestions(currencies.length ? currencies : ['points'], useEventIds());
  return (
    <div className="form-grid">
      <TextInput
        label="Segment id"
        value={f.segmentId}
        disabled={editing}
        error={errors.segmentId}
        hint="Generated when empty."
        onChange={(segmentId) => set({ segmentId })}
      />
      <TextInput label="Title" value={f.title} error={errors.title} onChange={(title) => set({ title })} />
      <Select<SegmentMatch>
        label="A user is a member when"
        value={f.match}
        options={[
          { value: 'all', label: 'all rules hold' },
          { value: 'any', label: 'any rule holds' },
        ]}
        error={errors.match}
        onChange={(match) => set({ match })}
      />
      <div className="field-wide">
        <datalist id="segment-rule-fields">
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <Rows<ConditionRow>
          legend="Rules"
          hint={
            <>
              Fields: {SEGMENT_FIELDS.map((x) => `${x.field} (${x.means})`).join('; ')}. Evaluated when needed: at each event, and now for
              the member count.
            </>
          }
          rows={f.rules}
          error={errors.rules}
          onChange={(rules) => set({ rules })}
          blank={() => ({ field: '', operator: 'equals', value: '' })}
          addLabel="Add rule"
          render={(row, setRow, i) => (
            <>
              <TextInput
                label={`Field ${i + 1}`}
                value={row.field}
                list="segment-rule-fields"
                onChange={(field) => setRow({ ...row, field })}
              />
              <Select<Operator>
                label="Operator"
                value={row.operator}
                options={OPERATORS.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
                onChange={(operator) => setRow({ ...row, operator })}
              />
              {row.operator !== 'exists' && (
                <TextInput
                  label="Value"
                  value={row.value}
                  placeholder={row.operator === 'in' ? 'gold, silver' : 'gold'}
                  onChange={(value) => setRow({ ...row, value })}
                />
              )}
            </>
          )}
        />
      </div>
    </div>
  );
}

/** The live member count (GET /admin/segment/{id}/count, evaluated now) and the link to the members. */
export function MemberCountCell({ segment }: { segment: Segment }) {
  const api = useApi();
  const id = segment.segmentId;
  const count = useLoad(`${api.projectId}/segment-count/${id}/${segment.updatedAt ?? ''}`, () =>
    api.get<SegmentCount>(`/admin/segment/${enc(id)}/count`),
  );
  if (count.error) return <span className="muted">unknown ({count.error.message})</span>;
  if (!count.data) return <span className="muted">…</span>;
  return (
    <span data-testid={`segment-count-${id}`}>
      {count.data.count.toLocaleString('en')} <a href={href(`segments/${enc(id)}`)}>members of {id}</a>
    </span>
  );
}

export const segmentsConfig: ResourceConfig<Segment, SegmentForm> = {
  resource: 'segment',
  title: 'Segments',
  singular: 'Segment',
  idKey: 'segmentId',
  intro:
    'Audiences for campaigns: users picked by tier, group, balance, lifetime earnings, activity, recent events or attributes. ' +
    'Membership is worked out when it is needed, so the count is of now.',
  columns: [
    { label: 'Segment id', render: (s) => <code>{s.segmentId}</code>, csv: (s) => s.segmentId },
    { label: 'Title', render: (s) => s.title },
    { label: 'Rules', render: rulesText },
    { label: 'Members now', render: (s) => <MemberCountCell segment={s} />, csv: () => '' },
  ],
  blank: blankSegment,
  toForm: segmentToForm,
  toBody: segmentToBody,
  fields: ['segmentId', 'title', 'match', 'rules'],
  Form: SegmentFields,
  statusless: true,
  deactivateEffect: 'Campaigns cannot name it any more (one that a campaign names cannot be deleted).',
  emptyText: <p>No segments yet. A segment is an audience for campaigns, e.g. gold members inactive for 30 days.</p>,
};

/** Segments, or one segment's members now (segments/<id>). */
export function SegmentsScreen({ segmentId }: { segmentId: string | null }) {
  if (!segmentId) return <ResourceScreen config={segmentsConfig} />;
  return <SegmentMembers segmentId={segmentId} />;
}

function SegmentMembers({ segmentId }: { segmentId: string }) {
  const api = useApi();
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Members of segment {segmentId}</h1>
        <a href={href('segments')}>← All segments</a>
      </header>
      <p className="intro">The project’s users who are members now, in id order.</p>
      <PagedTable<string>
        loadKey={`${api.projectId}/segment-users/${segmentId}`}
        caption={`Members of ${segmentId}`}
        csvName={`segment-${segmentId}-members.csv`}
        empty="No user is a member now."
        columns={[{ label: 'User', render: (u) => <a href={href(`users/${enc(u)}`)}>{u}</a>, csv: (u) => u }]}
        rowKey={(u) => u}
        fetchPage={async (cursor) => {
          const empty: SegmentMembers = { segmentId, userIds: [], nextCursor: null };
          const page = await api.page(`/admin/segment/${enc(segmentId)}/users${query({ cursor, limit: 50 })}`, empty);
          return membersPage(page.items);
        }}
      />
    </section>
  );
}
