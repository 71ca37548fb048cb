import { Type, type Static } from 'typebox';
import type { Queryable } from '../../platform/db/database.js';
import { levelAt, POINTS, type CurrenciesService } from '../currencies/index.js';
import type { ExpirySettings } from './expiry-settings.js';
import { expiring, lotsOfBalance, type ExpiryPolicy, type Lots } from './lots.js';
import { pointsRepository } from './points.repository.js';

export const WalletBalance = Type.Object({
  currency: Type.String(),
  balance: Type.Integer({ description: 'What the user holds now' }),
  pending: Type.Integer({ description: 'Credits waiting for their pending days' }),
  expiring: Type.Array(Type.Object({ points: Type.Integer(), expiresAt: Type.Integer() }), {
    description: 'The next (at most three) expiry days and what expires at the end of each; empty while the currency does not expire',
  }),
  lifetime: Type.Integer({
    description: 'Everything earned in the currency (events, challenges, streaks, surveys, seasons, achievements)',
  }),
  level: Type.Integer({
    description: 'The highest level whose threshold the lifetime earnings reached; 0 before the first or without levels',
  }),
  nextLevel: Type.Union([Type.Object({ level: Type.Integer(), threshold: Type.Integer() }), Type.Null()], {
    description: 'The next level and its threshold; null at the top or without levels',
  }),
});
export type WalletBalance = Static<typeof WalletBalance>;

export const Wallet = Type.Object({ userId: Type.String(), balances: Type.Array(WalletBalance) });
export type Wallet = Static<typeof Wallet>;

/**
 * GET /user/{userId}/wallet (decision 302): every currency of the project, `points` first, with the
 * user's balance, pending credits, next expiry days, lifetime earnings and level.
 */
export async function readWallet(
  db: Queryable,
  settings: ExpirySettings,
  currencies: Pick<CurrenciesService, 'catalog'>,
  now: number,
  projectId: string,
  userId: string,
): Promise<Wallet> {
  const [figures, lots, policy, catalog] = await Promise.all([
    pointsRepository.walletPoints(db, projectId, userId),
    pointsRepository.lotsOfUser(db, projectId, userId),
    settings.policy(projectId),
    currencies.catalog(projectId),
  ]);
  const balance = Number(figures?.points ?? 0);
  const points: WalletBalance = {
    currency: POINTS,
    balance,
    pending: Number(figures?.pending ?? 0),
    expiring: nextExpiries(lotsOfBalance(lots, balance, policy), policy, now),
    lifetime: Number(figures?.earned ?? 0),
    level: 0,
    nextLevel: null,
  };
  if (catalog.size === 0) return { userId, balances: [points] };
  const [purses, pendings, otherLots] = await Promise.all([
    pointsRepository.pursesOfUser(db, projectId, userId),
    pointsRepository.pendingByCurrency(db, projectId, userId),
    pointsRepository.currencyLotsOfUser(db, projectId, userId),
  ]);
  const balances = [points];
  for (const def of catalog.values()) {
    const purse = purses.find((p) => p.currency_id === def.currencyId);
    const lifetime = Number(purse?.lifetime ?? 0);
    const byDay: Lots = new Map(otherLots.filter((l) => l.currency_id === def.currencyId).map((l) => [l.earned_on, Number(l.remaining)]));
    balances.push({
      currency: def.currencyId,
      balance: Number(purse?.balance ?? 0),
      pending: Number(pendings.find((p) => p.currency === def.currencyId)?.total ?? 0),
      expiring: nextExpiries(byDay, def.expiry, now),
      lifetime,
      ...levelAt(def.levels, lifetime),
    });
  }
  return { userId, balances };
}

function nextExpiries(lots: Lots, policy: ExpiryPolicy | null, now: number): WalletBalance['expiring'] {
  return expiring(lots, policy, now).map(({ points, expiresAt }) => ({ points, expiresAt }));
}
