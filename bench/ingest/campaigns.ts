/**
 * The campaigns part of the ingest benchmark (BENCH_CAMPAIGNS=1, issue 28's target "POST /event with
 * 5 active campaigns (2 with segments): CPU per event within 20 % of none"): five ACTIVE campaigns on
 * the benchmarked event `purchase`, open for the whole run, all `stack`:
 * - `bench-double`: × 2, with a total budget out of reach (its spend row is locked by every batch);
 * - `bench-bonus`: +5, with a per-user budget out of reach (each user's spend row read and written);
 * - `bench-shop`: +1 on conditions (`shop` equals `berlin`, which every event names);
 * - `bench-members`: × 1.5 for the segment `bench-everyone` (points balance ≥ 0: every user is in it);
 * - `bench-gold`: +10 for the segment `bench-gold` (attribute `plan` equals `gold`: no user is in it,
 *   so every event is a near miss the event log names).
 * Every event is paid by four campaigns (four CAMPAIGN entries) and missed by one.
 * With `few` (BENCH_CAMPAIGNS=few, WRITE_CAMPAIGNS=few) the first three name `shop` equals `hamburg`
 * instead, which no event does: the same five campaigns are evaluated for every event, one pays it
 * (`bench-members`) and one misses it — what an event costs when most campaigns are about other events.
 */
type Headers = Record<string, string>;

const FAR = Date.UTC(2100, 0, 1);

export const SEGMENTS = [
  {
    segmentId: 'bench-everyone',
    title: 'Everyone',
    match: 'all',
    rules: [{ field: 'balance.points', operator: 'greater_than_or_equal', value: 0 }],
  },
  { segmentId: 'bench-gold', title: 'Gold plan', match: 'all', rules: [{ field: 'attributes.plan', operator: 'equals', value: 'gold' }] },
];

const ELSEWHERE = { type: 'AND', conditions: [{ field: 'shop', operator: 'equals', value: 'hamburg' }] };

export function campaignBodies(status: 'ACTIVE' | 'INACTIVE', few = false) {
  const common = { status, startAt: 0, endAt: FAR, eventIds: ['purchase'], stacking: 'stack', ...(few ? { conditions: ELSEWHERE } : {}) };
  return [
    { campaignId: 'bench-double', title: 'Double', ...common, effect: { multiplier: 2 }, budget: { total: 1e15 }, priority: 5 },
    { campaignId: 'bench-bonus', title: 'Bonus', ...common, effect: { bonus: 5 }, budget: { perUser: 1e15 }, priority: 4 },
    {
      campaignId: 'bench-shop',
      title: 'Berlin',
      ...common,
      conditions: few ? ELSEWHERE : { type: 'AND', conditions: [{ field: 'shop', operator: 'equals', value: 'berlin' }] },
      effect: { bonus: 1 },
      priority: 3,
    },
    {
      campaignId: 'bench-members',
      title: 'Members',
      ...common,
      conditions: null,
      segmentId: 'bench-everyone',
      effect: { multiplier: 1.5 },
      priority: 2,
    },
    { campaignId: 'bench-gold', title: 'Gold', ...common, conditions: null, segmentId: 'bench-gold', effect: { bonus: 10 }, priority: 1 },
  ];
}

async function send(base: string, headers: Headers, method: string, path: string, body: unknown, ok: number): Promise<void> {
  const res = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
  if (res.status !== ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

/** Creates the two segments and the five campaigns, ACTIVE. */
export async function defineCampaigns(base: string, admin: Headers, few = false): Promise<void> {
  for (const s of SEGMENTS) await send(base, admin, 'POST', '/admin/segment', s, 201);
  for (const c of campaignBodies('ACTIVE', few)) await send(base, admin, 'POST', '/admin/campaign', c, 201);
}

/** Sets the five campaigns INACTIVE: the write path pays none of them. */
export async function deactivateCampaigns(base: string, admin: Headers, few = false): Promise<void> {
  for (const { campaignId, ...body } of campaignBodies('INACTIVE', few))
    await send(base, admin, 'PUT', `/admin/campaign/${campaignId}`, body, 200);
}
