import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { optionalBody } from '../../http/empty-body.js';
import { errors, ResourceId, UserId } from '../../http/schemas.js';
import { sendJsonText } from '../../http/json-text.js';
import { AdminOffer, Offer, OfferBody, OfferView, Redeemable, RedeemBody, Redeemed, Shop, ShopBody } from './offers.schemas.js';

const Flag = Type.String({ maxLength: 10, description: 'true adds the part; anything else (default false) leaves it out' });
const isTrue = (flag: string | undefined) => flag === 'true' || flag === '1';
const OfferParams = Type.Object({ offerId: ResourceId });
const ShopParams = Type.Object({ shopId: ResourceId });
const UserOfferParams = Type.Object({ userId: UserId, offerId: ResourceId });

/** Public offer and shop reads, the user's feed, redemption, and the /admin/offer and /admin/shop resources. */
export async function offersRoutes(app: App): Promise<void> {
  const { offers, redemption } = app.services;
  const tags = ['offers'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/offer/shop/:shopId',
    {
      schema: {
        operationId: 'getShop',
        description: 'A shop as users see it, with its offer and redemption counts when includeStatistics=true.',
        tags,
        security,
        summary: 'A shop, with statistics { offers, redeemed, used } when includeStatistics=true',
        params: ShopParams,
        querystring: Type.Object({ includeStatistics: Type.Optional(Flag) }),
        response: { 200: Shop, ...errors(400, 401, 404) },
      },
    },
    (req) => offers.shop(req.principal.projectId, req.params.shopId, isTrue(req.query.includeStatistics)),
  );

  app.get(
    '/offer/:offerId',
    {
      schema: {
        operationId: 'getOffer',
        description: 'An offer as users see it, with its redemption statistics and its shop when asked for.',
        tags,
        security,
        summary: 'An offer, with statistics and totalStatistics, and its shop, when asked for',
        params: OfferParams,
        querystring: Type.Object({ includeStatistics: Type.Optional(Flag), includeShop: Type.Optional(Flag) }),
        response: { 200: OfferView, ...errors(400, 401, 404) },
      },
    },
    (req) =>
      offers.view(req.principal.projectId, req.params.offerId, {
        statistics: isTrue(req.query.includeStatistics),
        shop: isTrue(req.query.includeShop),
      }),
  );

  app.get(
    '/user/:userId/offer/feed',
    {
      schema: {
        operationId: 'getUserOfferFeed',
        description: 'The offers a user can see now: active, valid at this time, in an active shop, optionally of one type.',
        tags,
        security,
        summary: 'Active offers valid now, filtered by type when given',
        params: Type.Object({ userId: UserId }),
        querystring: Type.Object({ type: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })) }),
        response: { 200: Type.Array(Offer), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      assertActsFor(req.principal, req.params.userId);
      return sendJsonText(reply, await offers.feedJson(req.principal.projectId, req.query.type));
    },
  );

  app.post(
    '/user/:userId/offer/:offerId/redeem',
    {
      schema: {
        operationId: 'redeemOffer',
        description:
          "Spends the offer's price × metadata.quantity (default 1) from the user's balance, counts every unit against the " +
          'monthly, total and per-user limits, and issues one coupon per unit (data.coupons; data.coupon is the first) — all or ' +
          'nothing. Refusals are 400 with the reason of the redeemable check as code.',
        tags,
        security,
        summary: 'Redeem an offer: debit points, count the limits, issue a coupon (all or nothing)',
        params: UserOfferParams,
        body: RedeemBody,
        response: { 200: Redeemed, ...errors(400, 401, 403, 404) },
      },
      ...optionalBody,
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      const data = await redemption.redeem(req.principal.projectId, req.params.userId, req.params.offerId, req.body.metadata);
      return { success: true, data };
    },
  );

  app.get(
    '/user/:userId/offer/:offerId/redeemable',
    {
      schema: {
        operationId: 'getOfferRedeemable',
        description: 'Whether the user could redeem the offer now and, if not, the reason (balance, limits, validity).',
        tags,
        security,
        summary: 'Whether the user can redeem the offer, and why not',
        params: UserOfferParams,
        response: { 200: Redeemable, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return redemption.redeemable(req.principal.projectId, req.params.userId, req.params.offerId);
    },
  );

  registerAdminRoutes(app);
}

function registerAdminRoutes(app: App): void {
  const { offers } = app.services;
  const security = [{ adminToken: [] }];
  const offerTags = ['admin: offers'];
  app.post(
    '/admin/offer',
    {
      schema: {
        operationId: 'createOffer',
        summary: 'Create an offer',
        description: 'Creates an offer in an existing shop: price, validity, limits and the coupon it issues.',
        tags: offerTags,
        security,
        body: OfferBody,
        response: { 201: AdminOffer, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await offers.createOffer(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/offer',
    {
      schema: {
        operationId: 'listOffers',
        summary: 'List offers',
        description: "The project's offers, active or not.",
        tags: offerTags,
        security,
        response: { 200: Type.Array(AdminOffer), ...errors(401, 404) },
      },
    },
    (req) => offers.listOffers(req.principal.projectId),
  );
  app.get(
    '/admin/offer/:offerId',
    {
      schema: {
        operationId: 'getAdminOffer',
        summary: 'Get an offer',
        description: 'One offer of the project, active or not.',
        tags: offerTags,
        security,
        params: OfferParams,
        response: { 200: AdminOffer, ...errors(400, 401, 404) },
      },
    },
    (req) => offers.adminOffer(req.principal.projectId, req.params.offerId),
  );
  app.put(
    '/admin/offer/:offerId',
    {
      schema: {
        operationId: 'updateOffer',
        summary: 'Update an offer',
        description: 'Replaces an offer; redemptions already made stay.',
        tags: offerTags,
        security,
        params: OfferParams,
        body: OfferBody,
        response: { 200: AdminOffer, ...errors(400, 401, 404) },
      },
    },
    (req) => offers.updateOffer(req.principal.projectId, req.params.offerId, req.body),
  );
  app.delete(
    '/admin/offer/:offerId',
    {
      schema: {
        operationId: 'deleteOffer',
        summary: 'Delete an offer',
        description: 'Deletes an offer with its redemption counters; coupons it issued stay with their users.',
        tags: offerTags,
        security,
        params: OfferParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await offers.deleteOffer(req.principal.projectId, req.params.offerId);
      return reply.status(204).send(null);
    },
  );

  const shopTags = ['admin: shops'];
  app.post(
    '/admin/shop',
    {
      schema: {
        operationId: 'createShop',
        summary: 'Create a shop',
        description: 'Creates a shop that groups offers.',
        tags: shopTags,
        security,
        body: ShopBody,
        response: { 201: Shop, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await offers.createShop(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/shop',
    {
      schema: {
        operationId: 'listShops',
        summary: 'List shops',
        description: "The project's shops.",
        tags: shopTags,
        security,
        response: { 200: Type.Array(Shop), ...errors(401, 404) },
      },
    },
    (req) => offers.listShops(req.principal.projectId),
  );
  app.get(
    '/admin/shop/:shopId',
    {
      schema: {
        operationId: 'getAdminShop',
        summary: 'Get a shop',
        description: 'One shop of the project.',
        tags: shopTags,
        security,
        params: ShopParams,
        response: { 200: Shop, ...errors(400, 401, 404) },
      },
    },
    (req) => offers.shop(req.principal.projectId, req.params.shopId, true),
  );
  app.put(
    '/admin/shop/:shopId',
    {
      schema: {
        operationId: 'updateShop',
        summary: 'Update a shop',
        description: "Replaces a shop; an INACTIVE shop's offers cannot be redeemed.",
        tags: shopTags,
        security,
        params: ShopParams,
        body: ShopBody,
        response: { 200: Shop, ...errors(400, 401, 404) },
      },
    },
    (req) => offers.updateShop(req.principal.projectId, req.params.shopId, req.body),
  );
  app.delete(
    '/admin/shop/:shopId',
    {
      schema: {
        operationId: 'deleteShop',
        description: 'Deletes a shop. Refused with 409 SHOP_IN_USE while an offer names it.',
        tags: shopTags,
        security,
        summary: 'Delete a shop that no offer names (409 SHOP_IN_USE otherwise)',
        params: ShopParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      await offers.deleteShop(req.principal.projectId, req.params.shopId);
      return reply.status(204).send(null);
    },
  );
}
