import type { TestContext } from '../../../test/helpers/test-app.js';

let made = 0;

/** Factories of the segments tests, through the admin API. */
export async function defineSegment(t: TestContext, body: Record<string, unknown>) {
  const res = await t.admin('POST', '/admin/segment', { title: 'Audience', ...body });
  if (res.statusCode !== 201) throw new Error(`defineSegment: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

/** The count of a segment with these rules (made, counted, deleted). */
export async function countOf(t: TestContext, rules: unknown[], match: 'all' | 'any' = 'all'): Promise<number> {
  const id = `tmp-${++made}`;
  await defineSegment(t, { segmentId: id, match, rules });
  const res = await t.admin('GET', `/admin/segment/${id}/count`);
  if (res.statusCode !== 200) throw new Error(`countOf: ${res.statusCode} ${res.body}`);
  await t.admin('DELETE', `/admin/segment/${id}`);
  return res.json().count as number;
}

/** The members now of a segment with these rules, through GET /admin/segment/{id}/users. */
export async function membersOf(t: TestContext, rules: unknown[], match: 'all' | 'any' = 'all'): Promise<string[]> {
  const id = `tmp-${++made}`;
  await defineSegment(t, { segmentId: id, match, rules });
  const res = await t.admin('GET', `/admin/segment/${id}/users?limit=1000`);
  if (res.statusCode !== 200) throw new Error(`membersOf: ${res.statusCode} ${res.body}`);
  await t.admin('DELETE', `/admin/segment/${id}`);
  return res.json().userIds as string[];
}

export async function setAttributes(t: TestContext, userId: string, attributes: Record<string, unknown>) {
  const res = await t.inject({ method: 'PATCH', url: `/user/${userId}`, headers: await t.serviceAuth(), payload: { attributes } });
  if (res.statusCode !== 200) throw new Error(`setAttributes: ${res.statusCode} ${res.body}`);
}
