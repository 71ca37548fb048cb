import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import { errors, ResourceId, UserId } from '../../http/schemas.js';
import { Coupon, IssueCouponBody, RedeemCouponBody, RedeemedCoupon, UpdateCouponBody } from './coupons.schemas.js';

const CouponParams = Type.Object({ userId: UserId, couponId: Type.String({ minLength: 1, maxLength: 300 }) });
const KeyParams = Type.Object({ couponKey: ResourceId });
const ListQuery = Type.Object({
  userId: Type.Optional(UserId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

/** The user's coupons (list, redeem) and the /admin/coupon resource (issue one to a user). */
export async function couponsRoutes(app: App): Promise<void> {
  const { coupons } = app.services;
  const tags = ['coupons'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/:userId/coupon',
    {
      schema: {
        operationId: 'listUserCoupons',
        description: "The user's coupons that can still be used: not used yet and valid until later than now.",
        tags,
        security,
        summary: 'Active coupons of a user (unredeemed, validUntil later than now)',
        params: Type.Object({ userId: UserId }),
        response: { 200: Type.Array(Coupon), ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return coupons.listActive(req.principal.projectId, req.params.userId);
    },
  );

  app.put(
    '/user/:userId/coupon/:couponId',
    {
      schema: {
        operationId: 'useCoupon',
        description: "Marks one of the user's coupons as used; using it a second time is refused with 409.",
        tags,
        security,
        summary: 'Redeem (use) a coupon; the body SK selects it',
        params: CouponParams,
        body: RedeemCouponBody,
        response: { 200: RedeemedCoupon, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { userId } = req.params;
      assertActsFor(req.principal, userId);
      if (req.body.userId !== undefined) {
        assertActsFor(req.principal, req.body.userId);
        if (req.body.userId !== userId) throw AppError.of('USER_MISMATCH', 'userId in the body must equal the path');
      }
      const coupon = await coupons.redeem(req.principal.projectId, userId, req.body.SK);
      return { redeemed: coupon.redeemed, userId, SK: coupon.SK };
    },
  );

  const adminTags = ['admin: coupons'];
  const adminSecurity = [{ adminToken: [] }];
  app.post(
    '/admin/coupon',
    {
      schema: {
        operationId: 'issueCoupon',
        description: 'Issues a coupon to a user by hand (no points are spent).',
        tags: adminTags,
        security: adminSecurity,
        summary: 'Issue a coupon to a user',
        body: IssueCouponBody,
        response: { 201: Coupon, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await coupons.issueByOperator(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/coupon',
    {
      schema: {
        operationId: 'listCoupons',
        description: "The project's coupons, newest first, paged.",
        tags: adminTags,
        security: adminSecurity,
        summary: 'Coupons, newest first',
        querystring: ListQuery,
        response: { 200: Type.Array(Coupon), ...errors(400, 401, 404) },
      },
    },
    (req) => coupons.list(req.principal.projectId, req.query.userId, req.query.limit ?? 100),
  );
  app.get(
    '/admin/coupon/:couponKey',
    {
      schema: {
        operationId: 'getCoupon',
        summary: 'Get a coupon',
        description: 'One coupon, by its key.',
        tags: adminTags,
        security: adminSecurity,
        params: KeyParams,
        response: { 200: Coupon, ...errors(400, 401, 404) },
      },
    },
    (req) => coupons.get(req.principal.projectId, req.params.couponKey),
  );
  app.put(
    '/admin/coupon/:couponKey',
    {
      schema: {
        operationId: 'updateCoupon',
        summary: 'Update a coupon',
        description: "Replaces a coupon's title, description, validity, metadata and used state (its owner cannot change).",
        tags: adminTags,
        security: adminSecurity,
        params: KeyParams,
        body: UpdateCouponBody,
        response: { 200: Coupon, ...errors(400, 401, 404) },
      },
    },
    (req) => coupons.update(req.principal.projectId, req.params.couponKey, req.body),
  );
  app.delete(
    '/admin/coupon/:couponKey',
    {
      schema: {
        operationId: 'deleteCoupon',
        summary: 'Delete a coupon',
        description: 'Deletes a coupon.',
        tags: adminTags,
        security: adminSecurity,
        params: KeyParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await coupons.delete(req.principal.projectId, req.params.couponKey);
      return reply.status(204).send(null);
    },
  );
}
