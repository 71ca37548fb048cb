import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import { CreateCurrencyBody, Currency, CurrencyId, UpdateCurrencyBody } from './currencies.schemas.js';

const Params = Type.Object({ currencyId: CurrencyId });

/** The /admin/currency resource (decision 302). Currencies are never deleted: INACTIVE stops earning and spending. */
export async function currenciesRoutes(app: App): Promise<void> {
  const { currencies } = app.services;
  const tags = ['admin: currencies'];
  const security = [{ adminToken: [] }];
  app.post(
    '/admin/currency',
    {
      schema: {
        operationId: 'createCurrency',
        description:
          'Creates a currency beside `points` (at most 10 per project, `points` included): an XP that is never spent and drives ' +
          'levels, boards and tiers, or coins that offers cost. 409 CURRENCY_EXISTS on a taken id (`points` always exists).',
        tags,
        security,
        summary: 'Create a currency',
        body: CreateCurrencyBody,
        response: { 201: Currency, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await currencies.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/currency',
    {
      schema: {
        operationId: 'listCurrencies',
        description: "The project's currencies, `points` first (spendable, with the project's expiry setting).",
        tags,
        security,
        summary: 'List the currencies',
        response: { 200: Type.Array(Currency), ...errors(401, 404) },
      },
    },
    (req) => currencies.list(req.principal.projectId),
  );
  app.get(
    '/admin/currency/:currencyId',
    {
      schema: {
        operationId: 'getCurrency',
        description: 'One currency of the project.',
        tags,
        security,
        summary: 'Read a currency',
        params: Params,
        response: { 200: Currency, ...errors(400, 401, 404) },
      },
    },
    (req) => currencies.get(req.principal.projectId, req.params.currencyId),
  );
  app.put(
    '/admin/currency/:currencyId',
    {
      schema: {
        operationId: 'updateCurrency',
        description:
          'Replaces a currency. Balances and history stay; INACTIVE stops earning and spending in it. `points` is set by the ' +
          'project (400 RESERVED_ID): its expiry is the project setting pointsExpiry.',
        tags,
        security,
        summary: 'Replace a currency',
        params: Params,
        body: UpdateCurrencyBody,
        response: { 200: Currency, ...errors(400, 401, 404) },
      },
    },
    (req) => currencies.update(req.principal.projectId, req.params.currencyId, req.body),
  );
}
