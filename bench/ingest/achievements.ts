/**
 * The achievements part of the ingest benchmark (BENCH_ACHIEVEMENTS=N, issue 29's target "POST /event
 * with 20 active achievements touching the event: CPU per event within 15 % of none"): N ACTIVE
 * achievements on the benchmarked event `purchase`, half counting the events, half summing its metadata
 * `amount`: each event moves the progress of all N. Their levels are out of reach during a run
 * (counting: bronze 1,000, silver 5,000, gold 10,000), so the figure is what every event pays for
 * them. With BENCH_ACHIEVEMENT_UNLOCKS=1 the counting ones have bronze 10, silver 50, gold 100 instead:
 * the backfill gives users the events of the runs before, so nearly every user reaches bronze of all
 * N/2 during the measured run — one event in a few unlocks N/2 levels at once (an ACHIEVEMENT entry,
 * history row, board updates and two messages each), which shows what an unlock costs, not what a
 * typical event does. Creating them starts their backfills, which
 * walk every user: `defineAchievements` waits until all are done, so none runs during a measurement.
 */
export const achievementIds = (n: number) => Array.from({ length: n }, (_, i) => `bench-achievement-${i}`);

const REACHED = process.env.BENCH_ACHIEVEMENT_UNLOCKS === '1';

export function achievementBody(i: number, status: 'ACTIVE' | 'INACTIVE') {
  const counts = i % 2 === 0;
  const scale = REACHED ? 1 : 100;
  return {
    title: { de: `Abzeichen ${i}`, en: `Badge ${i}` },
    status,
    points: 10,
    criteria: counts ? { kind: 'eventCount', eventId: 'purchase' } : { kind: 'metadataSum', eventId: 'purchase', field: 'amount' },
    levels: counts
      ? [
          { level: 1, threshold: 10 * scale },
          { level: 2, threshold: 50 * scale },
          { level: 3, threshold: 100 * scale },
        ]
      : [
          { level: 1, threshold: 1_000_000 },
          { level: 2, threshold: 5_000_000 },
        ],
  };
}

/** Creates `n` active achievements on `purchase` and waits for their backfills to end. */
export async function defineAchievements(base: string, adminHeaders: Record<string, string>, n: number): Promise<void> {
  for (const [i, achievementId] of achievementIds(n).entries()) {
    const res = await fetch(`${base}/admin/achievement`, {
      method: 'POST',
      headers: adminHeaders,
      body: JSON.stringify({ achievementId, ...achievementBody(i, 'ACTIVE') }),
    });
    if (res.status !== 201) throw new Error(`define ${achievementId}: ${res.status} ${await res.text()}`);
  }
  await backfillsDone(base, adminHeaders, n);
}

async function backfillsDone(base: string, adminHeaders: Record<string, string>, n: number): Promise<void> {
  for (const achievementId of achievementIds(n)) {
    for (;;) {
      const res = await fetch(`${base}/admin/achievement/${achievementId}/backfill`, { headers: adminHeaders });
      if (res.status !== 200) throw new Error(`backfill of ${achievementId}: ${res.status} ${await res.text()}`);
      const { backfill } = (await res.json()) as { backfill: { status: string } | null };
      if (backfill?.status === 'failed') throw new Error(`backfill of ${achievementId} failed`);
      if (backfill === null || backfill.status === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Sets the `n` achievements INACTIVE (the write path no longer reads or moves them) or ACTIVE again
 * (waiting for any backfill that starts, so that none runs during a measurement).
 */
export async function setAchievementsStatus(
  base: string,
  adminHeaders: Record<string, string>,
  n: number,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<void> {
  for (const [i, achievementId] of achievementIds(n).entries()) {
    const res = await fetch(`${base}/admin/achievement/${achievementId}`, {
      method: 'PUT',
      headers: adminHeaders,
      body: JSON.stringify(achievementBody(i, status)),
    });
    if (res.status !== 200) throw new Error(`${status} ${achievementId}: ${res.status} ${await res.text()}`);
  }
  if (status === 'ACTIVE') await backfillsDone(base, adminHeaders, n);
}

/** Sets the `n` achievements INACTIVE: the write path no longer reads or moves them. */
export function deactivateAchievements(base: string, adminHeaders: Record<string, string>, n: number): Promise<void> {
  return setAchievementsStatus(base, adminHeaders, n, 'INACTIVE');
}
