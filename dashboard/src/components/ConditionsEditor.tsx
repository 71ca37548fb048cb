import { OPERATORS, type Condition, type ConditionValue, type Conditions, type Operator, type StoredConditions } from '../api/types';
import { Rows, Select, TextInput } from './ui';

/** Conditions as the form holds them: values as typed text. */
export interface ConditionRow {
  field: string;
  operator: Operator;
  value: string;
}
export interface ConditionsForm {
  type: 'AND' | 'OR';
  rows: ConditionRow[];
}

export const OPERATOR_LABELS: Record<Operator, string> = {
  equals: '= equals',
  not_equals: '≠ not equals',
  greater_than: '> greater than',
  greater_than_or_equal: '≥ greater or equal',
  less_than: '< less than',
  less_than_or_equal: '≤ less or equal',
  contains: 'contains',
  in: 'is one of (comma-separated)',
  exists: 'is present',
};

/** Typed text → wire value: "in" takes a comma list, numbers and true/false become themselves. */
export function conditionValue(operator: Operator, text: string): ConditionValue | undefined {
  if (operator === 'exists') return true;
  if (operator === 'in')
    return text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t !== '' && Number.isFinite(Number(t))) return Number(t);
  return text;
}

export function conditionsToForm(c: StoredConditions | null | undefined): ConditionsForm {
  return {
    type: c?.type === 'OR' ? 'OR' : 'AND',
    rows: (c?.conditions ?? []).map((x) => ({
      field: x.field,
      operator: OPERATORS.find((o) => o === x.operator) ?? 'equals',
      value: Array.isArray(x.value) ? x.value.join(', ') : x.value === undefined ? '' : String(x.value),
    })),
  };
}

/** null when there are no rows: no conditions. */
export function conditionsToBody(form: ConditionsForm): Conditions | undefined {
  if (form.rows.length === 0) return undefined;
  return {
    type: form.type,
    conditions: form.rows.map((r): Condition => ({
      field: r.field.trim(),
      operator: r.operator,
      value: conditionValue(r.operator, r.value),
    })),
  };
}

export function ConditionsEditor(props: {
  value: ConditionsForm;
  onChange(v: ConditionsForm): void;
  fieldSuggestions: string[];
  error?: string | null;
  listId: string;
  /** What failing conditions mean where the editor is used (default: an event definition's). */
  meaning?: string;
}) {
  const { value } = props;
  return (
    <div className="conditions">
      <datalist id={props.listId}>
        {props.fieldSuggestions.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <Rows<ConditionRow>
        legend="Conditions"
        hint={
          <>
            {props.meaning ?? "Compared with the event's metadata. When they fail the event is still logged, with 0 points."}{' '}
            {value.rows.length > 1 && (
              <span className="inline-select">
                <Select<'AND' | 'OR'>
                  label="Combine with"
                  value={value.type}
                  options={[
                    { value: 'AND', label: 'AND: all must hold' },
                    { value: 'OR', label: 'OR: one is enough' },
                  ]}
                  onChange={(type) => props.onChange({ ...value, type })}
                />
              </span>
            )}
          </>
        }
        rows={value.rows}
        onChange={(rows) => props.onChange({ ...value, rows })}
        blank={() => ({ field: props.fieldSuggestions[0] ?? '', operator: 'greater_than', value: '' })}
        addLabel="Add condition"
        error={props.error}
        render={(row, set, i) => (
          <>
            <TextInput
              label={`Metadata field ${i + 1}`}
              value={row.field}
              list={props.listId}
              onChange={(field) => set({ ...row, field })}
            />
            <Select<Operator>
              label="Operator"
              value={row.operator}
              options={OPERATORS.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
              onChange={(operator) => set({ ...row, operator })}
            />
            {row.operator !== 'exists' && (
              <TextInput
                label="Value"
                value={row.value}
                placeholder={row.operator === 'in' ? 'gold, silver' : '100'}
                onChange={(v) => set({ ...row, value: v })}
              />
            )}
          </>
        )}
      />
    </div>
  );
}
