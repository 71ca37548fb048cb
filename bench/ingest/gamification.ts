/**
 * The gamification part of the ingest benchmark (BENCH_GAMIFICATION=1): one active challenge and one
 * daily streak on the benchmarked event. The challenge's goal is out of reach, so every event does
 * its progress upsert for the whole run (the steady cost of an open challenge); the streak writes on
 * a user's first event of the day and only reads on the others. `setGamification` switches both
 * on or off (INACTIVE), so runs with and without them can alternate on one warm server.
 */
const definitions: Array<[string, Record<string, unknown>]> = [
  [
    '/admin/challenge/bench-challenge',
    { title: { de: 'Viel kaufen', en: 'Buy a lot' }, eventId: 'purchase', goal: 1_000_000_000, points: 100 },
  ],
  [
    '/admin/streak/bench-streak',
    { title: { de: 'Täglich', en: 'Daily' }, timeFrame: 'daily', eventIds: ['purchase'], milestones: [{ count: 7, points: 70 }] },
  ],
];

export async function defineGamification(base: string, adminHeaders: Record<string, string>): Promise<void> {
  for (const [path, body] of definitions) {
    const collection = path.slice(0, path.lastIndexOf('/'));
    const id = path.slice(path.lastIndexOf('/') + 1);
    const key = collection.endsWith('challenge') ? 'challengeId' : 'streakId';
    const res = await fetch(`${base}${collection}`, {
      method: 'POST',
      headers: adminHeaders,
      body: JSON.stringify({ [key]: id, ...body }),
    });
    if (res.status !== 201) throw new Error(`define ${path}: ${res.status} ${await res.text()}`);
  }
}

export async function setGamification(base: string, adminHeaders: Record<string, string>, active: boolean): Promise<void> {
  for (const [path, body] of definitions) {
    const res = await fetch(`${base}${path}`, {
      method: 'PUT',
      headers: adminHeaders,
      body: JSON.stringify({ ...body, status: active ? 'ACTIVE' : 'INACTIVE' }),
    });
    if (res.status !== 200) throw new Error(`set ${path}: ${res.status} ${await res.text()}`);
  }
}
