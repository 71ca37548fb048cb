import { AppError } from '../../http/errors.js';
import type { DebitMode } from './ledger-types.js';

/**
 * Points are integers, and every reward, ledger entry and balance stays within the safe integer
 * range of a JavaScript number (±(2^53 − 1)): beyond it sums lose precision, SQLite turns to
 * floating point and PostgreSQL's bigint is left behind by the number the service computes.
 * A change that would leave the range is refused with 400 POINTS_OUT_OF_RANGE and changes nothing.
 */
export const MAX_POINTS = Number.MAX_SAFE_INTEGER;

/** 400 unless `points` (a reward or a ledger entry) is a safe integer. */
export function assertPointsInRange(points: number, what = 'points'): void {
  if (!Number.isSafeInteger(points)) {
    throw AppError.of('POINTS_OUT_OF_RANGE', `${what} must be a whole number within ±${MAX_POINTS}`);
  }
}

/** The highest balance that can take a credit of `points` without leaving the range. */
export function highestBalanceFor(points: number): number {
  return MAX_POINTS - Math.max(0, points);
}

export function balanceOutOfRange(): AppError {
  return AppError.of('POINTS_OUT_OF_RANGE', `The balance would exceed ${MAX_POINTS} points`);
}

/**
 * The change a holding of `balance` takes for `points`: a debit that does not fit is refused
 * (INSUFFICIENT_POINTS) or, with `mode` 'clamp', cut to the balance; a result beyond the safe range
 * is POINTS_OUT_OF_RANGE.
 */
export function fittedChange(balance: number, points: number, mode: DebitMode, currency: string): number {
  let fit = points;
  if (fit < 0 && balance + fit < 0) {
    if (mode === 'refuse') throw AppError.of('INSUFFICIENT_POINTS', `Not enough ${currency}`);
    fit = -balance;
  }
  if (balance > highestBalanceFor(fit)) throw balanceOutOfRange();
  return fit;
}
