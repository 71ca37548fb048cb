import { useEffect, useState } from 'react';
import { enc } from '../api/client';
import type { Achievement, AchievementBackfill } from '../api/types';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/** How often a backfill that is under way is asked again. */
export const BACKFILL_POLL_MS = 1_000;

/** What the Backfill cell says of an achievement's latest backfill (GET /admin/achievement/{id}/backfill). */
export function backfillText(b: AchievementBackfill['backfill']): string {
  if (b === null) return 'none';
  const of = `${b.usersChecked.toLocaleString('en-GB')} of ${b.liveUsers.toLocaleString('en-GB')} users`;
  if (b.status === 'queued') return 'queued';
  if (b.status === 'running') return `running: ${of} checked`;
  if (b.status === 'done') return `done: ${b.usersChecked.toLocaleString('en-GB')} users checked`;
  return `failed after ${of} checked`;
}

/**
 * The progress of an achievement's backfill, asked again every second while it is queued or
 * running; a bar shows the users checked of the project's live users.
 */
export function BackfillProgressCell({ achievement }: { achievement: Achievement }) {
  const api = useApi();
  const [tick, setTick] = useState(0);
  const id = achievement.achievementId;
  // A save (updatedAt) may start a new backfill: it is read afresh.
  const state = useLoad(`${api.projectId}/achievement-backfill/${id}/${achievement.updatedAt}/${tick}`, () =>
    api.get<AchievementBackfill>(`/admin/achievement/${enc(id)}/backfill`),
  );
  const backfill = state.data?.backfill;
  const underWay = backfill?.status === 'queued' || backfill?.status === 'running';
  useEffect(() => {
    if (!underWay) return;
    const timer = setTimeout(() => setTick((t) => t + 1), BACKFILL_POLL_MS);
    return () => clearTimeout(timer);
  }, [underWay, state.data]);
  if (state.error) return <span className="muted">unknown ({state.error.message})</span>;
  if (backfill === undefined) return <span className="muted">…</span>;
  return (
    <span data-testid={`backfill-${id}`}>
      {backfill?.status === 'running' && (
        <progress max={Math.max(1, backfill.liveUsers)} value={backfill.usersChecked} aria-label={`Backfill of ${id}`} />
      )}{' '}
      {backfillText(backfill)}
    </span>
  );
}
