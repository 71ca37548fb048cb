/**
 * The gamification part of the ingest benchmark (BENCH_GAMIFICATION=1): one active challenge and one
 * daily streak on the benchmarked event. The challenge's goal is out of reach, so every event does
 * its progress upsert for the whole run (the steady cost of an open challenge); the streak writes on
 * a user's first event of the day and only reads on the others.
 */
export async function defineGamification(base: string, adminHeaders: Record<string, string>): Promise<void> {
  const definitions: Array<[string, unknown]> = [
    ['/admin/challenge', { challengeId: 'bench-challenge', title: { de: 'Viel kaufen', en: 'Buy a lot' }, eventId: 'purchase', goal: 1_000_000_000, points: 100 }],
    ['/admin/streak', { streakId: 'bench-streak', title: { de: 'Täglich', en: 'Daily' }, timeFrame: 'daily', eventIds: ['purchase'], milestones: [{ count: 7, points: 70 }] }],
  ];
  for (const [path, body] of definitions) {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: adminHeaders, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`define ${path}: ${res.status} ${await res.text()}`);
  }
}
