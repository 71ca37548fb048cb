import type { TestContext } from '../../../test/helpers/test-app.js';

/** Issues a coupon to a user through POST /admin/coupon. */
export async function issueCoupon(t: TestContext, userId: string, fields: Record<string, unknown> = {}) {
  const res = await t.admin('POST', '/admin/coupon', {
    userId,
    title: '10% off',
    description: 'On everything',
    validUntil: Date.UTC(2030, 0, 1),
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`issueCoupon: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function useCoupon(t: TestContext, userId: string, sk: string, headers?: Record<string, string>, body?: object) {
  return t.inject({
    method: 'PUT',
    url: `/user/${userId}/coupon/${encodeURIComponent(sk)}`,
    headers: headers ?? (await t.auth(userId)),
    payload: body ?? { userId, SK: sk },
  });
}
