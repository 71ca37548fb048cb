/**
 * The achievements part of the ingest benchmark (BENCH_ACHIEVEMENTS=N, issue 29's target "POST /event
 * with 20 active achievements touching the event: CPU per event within 15 % of none"): N ACTIVE
 * achievements on the benchmarked event `purchase`, half counting the events (bronze 10, silver 50,
 * gold 100: users reach bronze during a run), half summing its metadata `amount` (levels out of reach,
 * so each event moves their progress for the whole run). Creating them starts their backfills, which
 * walk every user: `defineAchievements` waits until all are done, so none runs during a measurement.
 */
export const achievementIds = (n: number) => Array.from({ length: n }, (_, i) => `bench-achievement-${i}`);

export function achievementBody(i: number, status: 'ACTIVE' | 'INACTIVE') {
  const counts = i % 2 === 0;
  return {
    title: { de: `Abzeichen ${i}`, en: `Badge ${i}` },
    status,
    points: 10,
    criteria: counts ? { kind: 'eventCount', eventId: 'purchase' } : { kind: 'metadataSum', eventId: 'purchase', field: 'amount' },
    levels: counts
      ? [
          { level: 1, threshold: 10 },
          { level: 2, threshold: 50 },
          { level: 3, threshold: 100 },
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

/** Sets the `n` achievements INACTIVE: the write path no longer reads or moves them. */
export async function deactivateAchievements(base: string, adminHeaders: Record<string, string>, n: number): Promise<void> {
  for (const [i, achievementId] of achievementIds(n).entries()) {
    const res = await fetch(`${base}/admin/achievement/${achievementId}`, {
      method: 'PUT',
      headers: adminHeaders,
      body: JSON.stringify(achievementBody(i, 'INACTIVE')),
    });
    if (res.status !== 200) throw new Error(`deactivate ${achievementId}: ${res.status} ${await res.text()}`);
  }
}
