import { monthKey } from '../../platform/time.js';
import { boardEffect, ledgerIn } from '../points/index.js';
import { defineParticipant } from '../../write-path/participant.js';
import { partKey, userKey, type BatchPart, type WriteBatch, type WriteUnit } from '../../write-path/write-batch.js';
import type { TierConfig, TierDefinition } from './tier-config.js';
import { earnedIn, initialTierState, shiftMonth, tierAt, upgradeAt, type TierState } from './tier-rules.js';
import { upsertStates } from './tiers.sql.js';

/** A `tier-check` unit changes no points: it brings the user's tier state up to date (the monthly checks). */
export interface TierCheckUnit extends WriteUnit {
  kind: 'tier-check';
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    'tier-check': { unit: TierCheckUnit; result: { tierId: string | null } };
  }
}

/** Where the tiers part reads (the service: cached configuration, the queries of states and earnings). */
export interface TierSource {
  config(batch: WriteBatch, projectId: string): Promise<TierConfig>;
  loadStates(batch: WriteBatch, projectId: string, userIds: readonly string[]): Promise<Map<string, TierState>>;
  loadEarnings(
    batch: WriteBatch,
    projectId: string,
    userIds: readonly string[],
    fromMonth: string,
    currency: string,
  ): Promise<Map<string, Map<string, number>>>;
}

interface Held {
  projectId: string;
  userId: string;
  config: TierConfig;
  stored: TierState | null;
  state: TierState;
  monthly: Map<string, number>;
}

/**
 * Tiers' part of the write path. `load` reads, for the batch's users of projects that have tiers,
 * their tier state and monthly earnings and applies the monthly checks due; as the batch decides
 * entries, an earning entry that lifts the window over a higher threshold upgrades the user at
 * once (so the next event of the same batch already gets the new multiplier). Changed states are
 * written once, each change reported as a `tier.changed` notice.
 */
const TIERS = partKey<TiersBatch>('tiers');

export function tiersParticipant(source: TierSource) {
  return defineParticipant<TiersBatch>({
    name: TIERS.name,
    kind: 'tier-check',
    /** It counts the batch's ledger entries into the tier windows. */
    after: ['ledger'],
    provides: ['notices'],
    begin: (batch) => new TiersBatch(batch, source),
  });
}

/** The tiers part of a batch, when the write path has tiers: `tierOf` is a user's tier as decided so far. */
export function tiersIn(batch: WriteBatch): TiersBatch | undefined {
  return batch.find(TIERS);
}

export class TiersBatch implements BatchPart<'tier-check'> {
  private readonly held = new Map<string, Held>();
  /** Ledger entries already counted. */
  private seen = 0;

  constructor(
    private readonly batch: WriteBatch,
    private readonly source: TierSource,
  ) {}

  async load(): Promise<void> {
    const now = this.batch.now;
    for (const projectId of this.batch.projects()) {
      const config = await this.source.config(this.batch, projectId);
      if (config.tiers.length === 0) continue;
      const userIds = [
        ...new Set(
          this.batch
            .lockedUsers()
            .filter((u) => u.projectId === projectId)
            .map((u) => u.userId),
        ),
      ];
      const states = await this.source.loadStates(this.batch, projectId, userIds);
      const window = config.settings.windowMonths;
      let from = shiftMonth(monthKey(now), 1 - window);
      for (const s of states.values()) if (shiftMonth(s.checkedMonth, 1 - window) < from) from = shiftMonth(s.checkedMonth, 1 - window);
      const earnings = await this.source.loadEarnings(this.batch, projectId, userIds, from, config.currency);
      for (const userId of userIds) {
        const stored = states.get(userId) ?? null;
        const monthly = earnings.get(userId) ?? new Map<string, number>();
        const state = tierAt(config.tiers, config.settings, stored ?? initialTierState(now), monthly, now);
        const h: Held = { projectId, userId, config, stored, state: stored ?? initialTierState(now), monthly };
        this.held.set(userKey(projectId, userId), h);
        this.move(h, state);
      }
    }
  }

  /** A `tier-check` unit: the checks were applied when the batch loaded; answers the tier now held. */
  apply(unit: TierCheckUnit): { tierId: string | null } {
    return { tierId: this.tierOf(unit.projectId, unit.userId)?.tierId ?? null };
  }

  tierOf(projectId: string, userId: string): TierDefinition | null {
    this.catchUp();
    const h = this.held.get(userKey(projectId, userId));
    if (!h || h.state.tierId === null) return null;
    return h.config.tiers.find((t) => t.tierId === h.state.tierId) ?? null;
  }

  async write(): Promise<void> {
    this.catchUp();
    const rows = [...this.held.values()].filter((h) => (h.stored === null ? h.state.tierId !== null : !sameState(h.stored, h.state)));
    await upsertStates.later(
      this.batch.session,
      rows.map((h) => ({
        exists: h.stored !== null,
        row: {
          project_id: h.projectId,
          user_id: h.userId,
          tier_id: h.state.tierId,
          since: h.state.since,
          checked_month: h.state.checkedMonth,
          short_checks: h.state.shortChecks,
        },
      })),
    );
  }

  /** Counts the earning entries of the tier currency decided since the last look (every entry but spending, as on the boards). */
  private catchUp(): void {
    const entries = ledgerIn(this.batch).entries;
    for (; this.seen < entries.length; this.seen++) {
      const e = entries[this.seen]!;
      const effect = boardEffect(e);
      if (!effect || effect.points === 0) continue;
      const h = this.held.get(userKey(e.projectId, e.userId));
      if (!h || effect.currency !== h.config.currency) continue;
      const month = monthKey(effect.occurredAt);
      h.monthly.set(month, (h.monthly.get(month) ?? 0) + effect.points);
      this.move(h, upgradeAt(h.config.tiers, h.config.settings, h.state, h.monthly, this.batch.now));
    }
  }

  /** Takes the new state; a change of tier becomes a `tier.changed` notice. */
  private move(h: Held, next: TierState): void {
    const previous = h.state.tierId;
    h.state = next;
    if (next.tierId === previous) return;
    this.batch.notify({
      type: 'tier.changed',
      projectId: h.projectId,
      userId: h.userId,
      occurredAt: this.batch.now,
      data: {
        userId: h.userId,
        tierId: next.tierId,
        previousTierId: previous,
        since: next.since,
        earnedInWindow: earnedIn(h.monthly, monthKey(this.batch.now), h.config.settings.windowMonths),
      },
    });
  }
}

function sameState(a: TierState, b: TierState): boolean {
  return a.tierId === b.tierId && a.since === b.since && a.checkedMonth === b.checkedMonth && a.shortChecks === b.shortChecks;
}
