import type { ReactNode } from 'react';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { Select } from './ui';

/**
 * A choice among the project's existing resources (events, shops, groups, offers) instead of a
 * free-text id, so "purchse" or "cofee-corner" cannot be typed. A saved id that no longer exists
 * stays selectable, marked, so editing an old definition does not silently change it.
 */
export function IdPicker<T>(props: {
  label: string;
  resource: string;
  value: string;
  onChange(id: string): void;
  idOf(item: T): string;
  nameOf?(item: T): string;
  /** Label of the empty choice; without it a value must be chosen. */
  none?: string;
  error?: string | null;
  hint?: ReactNode;
}) {
  const api = useApi();
  const list = useLoad(`${api.projectId}/${props.resource}`, () => api.get<T[]>(`/admin/${props.resource}`, []));
  const items = list.data ?? [];
  const ids = items.map(props.idOf);
  const options = [
    ...(props.none !== undefined
      ? [{ value: '', label: props.none }]
      : props.value === ''
        ? [{ value: '', label: list.loading ? 'Loading…' : `Choose a ${props.resource}` }]
        : []),
    ...items.map((item) => {
      const id = props.idOf(item);
      const name = props.nameOf?.(item);
      const inactive = (item as { status?: string }).status === 'INACTIVE';
      return { value: id, label: `${id}${name && name !== id ? ` — ${name}` : ''}${inactive ? ' (inactive)' : ''}` };
    }),
    ...(props.value !== '' && !list.loading && !ids.includes(props.value)
      ? [{ value: props.value, label: `${props.value} (does not exist)` }]
      : []),
  ];
  const hint = !list.loading && items.length === 0 ? `No ${props.resource}s yet: create one first.` : props.hint;
  return <Select label={props.label} value={props.value} options={options} error={props.error} hint={hint} onChange={props.onChange} />;
}
