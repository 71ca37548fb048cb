import { AppError } from '../../http/errors.js';
import { generateId, RESOURCE_ID_PATTERN } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SharedCache } from '../../platform/shared-cache.js';
import type { EventDefinition, EventDefinitionBody } from './events.schemas.js';
import './events.tables.js';
import type { CurrenciesService } from '../currencies/index.js';
import { EventDefinitionsRepository } from './events.repository.js';

/**
 * Event definitions (admin API). Read on every POST /event, so each project's definitions are
 * cached in memory; an admin change publishes 'event-definitions' on the bus, which drops the
 * project's cache on every instance.
 */
export const DEFINITIONS_TOPIC = 'event-definitions';
const GROUP_ID = new RegExp(RESOURCE_ID_PATTERN);

type Stored = Omit<EventDefinition, 'createdAt' | 'updatedAt'>;

export class EventDefinitionsService {
  private readonly cache: SharedCache<Promise<Map<string, EventDefinition>>>;

  constructor(
    private readonly platform: Platform,
    /** Checks that a currency exists (400 UNKNOWN_CURRENCY otherwise). */
    private readonly currencies: Pick<CurrenciesService, 'require'>,
  ) {
    this.cache = new SharedCache(platform.bus, DEFINITIONS_TOPIC, platform.config.cacheTtlMs);
  }

  private readonly repository = new EventDefinitionsRepository();

  private get db() {
    return this.platform.db.kysely;
  }

  /** All definitions of a project, from the cache. */
  private all(projectId: string): Promise<Map<string, EventDefinition>> {
    return this.cache.getOrLoad(projectId, () => this.load(projectId));
  }

  private async load(projectId: string): Promise<Map<string, EventDefinition>> {
    const rows = await this.repository.list(this.db, projectId);
    // Definitions stored before pendingDays existed hold their points pending for 0 days.
    return new Map(
      rows.map((r) => [
        r.event_id,
        {
          pendingDays: 0,
          ...(JSON.parse(r.definition) as Partial<Stored> & Omit<Stored, 'pendingDays'>),
          createdAt: Number(r.created_at),
          updatedAt: Number(r.updated_at),
        },
      ]),
    );
  }

  /** The definition, or undefined (cached). */
  async find(projectId: string, eventId: string): Promise<EventDefinition | undefined> {
    return (await this.all(projectId)).get(eventId);
  }

  async get(projectId: string, eventId: string): Promise<EventDefinition> {
    const def = await this.find(projectId, eventId);
    if (!def) throw AppError.of('EVENT_NOT_FOUND', eventId);
    return def;
  }

  async list(projectId: string, activeOnly = false): Promise<EventDefinition[]> {
    const defs = [...(await this.all(projectId)).values()];
    return activeOnly ? defs.filter((d) => d.status === 'ACTIVE') : defs;
  }

  async create(projectId: string, body: EventDefinitionBody): Promise<EventDefinition> {
    const stored = normalize(body.eventId ?? generateId('ev'), body);
    await this.checkCurrencies(projectId, stored);
    const now = this.platform.clock.now();
    const r = await this.repository.insert(this.db, {
      project_id: projectId,
      event_id: stored.eventId,
      status: stored.status,
      definition: JSON.stringify(stored),
      created_at: now,
      updated_at: now,
    });
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) throw AppError.of('EVENT_EXISTS', `Event ${stored.eventId} already exists`);
    await this.changed(projectId);
    return { ...stored, createdAt: now, updatedAt: now };
  }

  async update(projectId: string, eventId: string, body: EventDefinitionBody): Promise<EventDefinition> {
    if (body.eventId !== undefined && body.eventId !== eventId) {
      throw AppError.of('ID_MISMATCH', 'eventId in the body must match the path');
    }
    const stored = normalize(eventId, body);
    await this.checkCurrencies(projectId, stored);
    const now = this.platform.clock.now();
    const r = await this.repository.update(this.db, projectId, eventId, {
      status: stored.status,
      definition: JSON.stringify(stored),
      updated_at: now,
    });
    if (!r) throw AppError.of('EVENT_NOT_FOUND', eventId);
    await this.changed(projectId);
    return { ...stored, createdAt: Number(r.created_at), updatedAt: now };
  }

  async delete(projectId: string, eventId: string): Promise<void> {
    const r = await this.repository.delete(this.db, projectId, eventId);
    if (Number(r.numDeletedRows) === 0) throw AppError.of('EVENT_NOT_FOUND', eventId);
    await this.changed(projectId);
  }

  /** Every currency a definition pays in or caps must exist (400 UNKNOWN_CURRENCY). */
  private async checkCurrencies(projectId: string, def: Stored): Promise<void> {
    const named = new Set([...Object.keys(def.currencyRewards ?? {}), ...Object.keys(def.maximumRewards ?? {})]);
    for (const currency of named) await this.currencies.require(projectId, currency);
  }

  private async changed(projectId: string): Promise<void> {
    await this.platform.bus.publish(DEFINITIONS_TOPIC, projectId);
  }
}

/** Applies defaults and the rules the schema cannot express; 400 on a violation. */
export function normalize(eventId: string, body: EventDefinitionBody): Stored {
  const type = body.type ?? 'FIXED';
  const reward = body.reward ?? { default: 0 };
  for (const key of Object.keys(reward)) {
    if (!GROUP_ID.test(key)) throw AppError.of('INVALID_REWARD', `reward key "${key}" is not a valid userGroupId`);
  }
  const rewardValueField = body.rewardValueField ?? null;
  if (type === 'TRANSACTION' && rewardValueField === null) {
    throw AppError.of('REWARD_VALUE_FIELD_REQUIRED', 'A TRANSACTION event needs rewardValueField');
  }
  const conditions = body.conditions ?? null;
  if (type === 'CONDITIONAL' && (conditions === null || conditions.conditions.length === 0)) {
    throw AppError.of('CONDITIONS_REQUIRED', 'A CONDITIONAL event needs at least one condition');
  }
  for (const c of conditions?.conditions ?? []) {
    if (c.operator !== 'exists' && c.value === undefined) {
      throw AppError.of('INVALID_CONDITION', `condition on "${c.field}" with operator ${c.operator} needs a value`);
    }
  }
  const currencyRewards = body.currencyRewards ?? {};
  const maximumRewards = body.maximumRewards ?? {};
  for (const currency of [...Object.keys(currencyRewards), ...Object.keys(maximumRewards)]) {
    if (currency === 'points') throw AppError.of('INVALID_REWARD', 'points are paid by reward and capped by maximumReward');
  }
  for (const [currency, r] of Object.entries(currencyRewards)) {
    for (const key of Object.keys(r)) {
      if (!GROUP_ID.test(key)) throw AppError.of('INVALID_REWARD', `currencyRewards.${currency} key "${key}" is not a valid userGroupId`);
    }
  }
  const metadataFields = (body.metadataFields ?? []).map((f) => ({ key: f.key, type: f.type, required: f.required ?? false }));
  if (new Set(metadataFields.map((f) => f.key)).size !== metadataFields.length) {
    throw AppError.of('INVALID_METADATA_FIELDS', 'metadataFields keys must be unique');
  }
  return {
    eventId,
    title: body.title,
    description: body.description ?? '',
    status: body.status ?? 'ACTIVE',
    type,
    reward,
    rewardValueField,
    limit: body.limit ?? null,
    limitPeriod: body.limitPeriod ?? 'daily',
    maximumReward: body.maximumReward ?? null,
    ...(Object.keys(currencyRewards).length > 0 ? { currencyRewards } : {}),
    ...(Object.keys(maximumRewards).length > 0 ? { maximumRewards } : {}),
    conditions,
    metadataFields,
    requiresApiKey: body.requiresApiKey ?? false,
    image: body.image ?? null,
    pendingDays: body.pendingDays ?? 0,
  };
}
