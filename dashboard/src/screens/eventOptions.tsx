import type { EventDefinition } from '../api/types';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/** A <datalist> of the project's event ids, for forms that refer to events. */
export function EventIdList({ id }: { id: string }) {
  const api = useApi();
  const events = useLoad(`${api.projectId}/event`, () => api.get<EventDefinition[]>('/admin/event', []));
  return (
    <datalist id={id}>
      {(events.data ?? []).map((e) => (
        <option key={e.eventId} value={e.eventId}>
          {e.title}
        </option>
      ))}
    </datalist>
  );
}

export function useEventIds(): string[] {
  const api = useApi();
  const events = useLoad(`${api.projectId}/event`, () => api.get<EventDefinition[]>('/admin/event', []));
  return (events.data ?? []).map((e) => e.eventId);
}

/** The metadata keys of the project's events (of `eventIds` only, when some are given), for condition fields. */
export function useMetadataKeys(eventIds: string[] = []): string[] {
  const api = useApi();
  const events = useLoad(`${api.projectId}/event`, () => api.get<EventDefinition[]>('/admin/event', []));
  const chosen = (events.data ?? []).filter((e) => eventIds.length === 0 || eventIds.includes(e.eventId));
  return [...new Set(chosen.flatMap((e) => (e.metadataFields ?? []).map((m) => m.key)))];
}
