import { AppError } from '../../platform/errors.js';
import { generateId, USER_ID_PATTERN } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import { BatchAudience } from './segment-audience.js';
import { loadFacts } from './segment-facts.js';
import { checkRules, isMember, needsOf, type Segment, type SegmentRule } from './segment-rules.js';
import { segmentsRepository as repo } from './segments.repository.js';
import type { CreateSegmentBody, SegmentView, UpdateSegmentBody } from './segments.schemas.js';
import type { SegmentsTable } from './segments.tables.js';

const BUS_TOPIC = 'segments';
/** Users evaluated per page of the walk (one query per kind of data a page). */
const PAGE_SIZE = 500;

/** What the service needs of other modules. */
export interface SegmentSources {
  /** The project's live users after `after`, in id order. */
  liveUsersAfter(projectId: string, after: string | null, limit: number): Promise<string[]>;
}

function toSegment(r: SegmentsTable): Segment {
  return {
    segmentId: r.segment_id,
    title: r.title,
    match: r.match === 'any' ? 'any' : 'all',
    rules: JSON.parse(r.rules) as SegmentRule[],
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toView(s: Segment): SegmentView {
  return { segmentId: s.segmentId, title: s.title, match: s.match, rules: s.rules, createdAt: s.createdAt, updatedAt: s.updatedAt };
}

function encodeCursor(userId: string): string {
  return Buffer.from(userId).toString('base64url');
}

const USER_ID = new RegExp(USER_ID_PATTERN, 'u');

/** The userId a cursor carries; a cursor this route could not have given (not a userId) is 400 INVALID_CURSOR. */
function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString();
  if (!USER_ID.test(id) || encodeCursor(id) !== cursor) throw AppError.of('INVALID_CURSOR', 'cursor is not valid');
  return id;
}

/**
 * Segments (issue 28 part 2, decisions 318–320): named audiences of rules on what Laurel knows of a
 * user. Evaluated now (count, members, `members` for other modules) by walking the project's live
 * users in id order, a page at a time; evaluated at event time by the campaigns stage through
 * `audience` (segment-audience.ts). Definitions are cached per project, dropped on every instance
 * on a change.
 */
export class SegmentsService {
  private readonly cache: SettledCache<ReadonlyMap<string, Segment>>;

  constructor(
    private readonly platform: Platform,
    private readonly sources: SegmentSources,
    /** Users per page of the walk (tests walk several pages with a small one). */
    private readonly pageSize = PAGE_SIZE,
  ) {
    this.cache = new SettledCache(platform.bus, BUS_TOPIC, platform.config.cacheTtlMs);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /** The project's segments by id (cached; in a batch, read on its session). */
  private all(projectId: string, batch?: WriteBatch): Promise<ReadonlyMap<string, Segment>> {
    return this.cache.rowsOf(
      projectId,
      () => repo.listQuery(this.db, projectId),
      (rows) => new Map(rows.map((x) => [x.segment_id, toSegment(x)])),
      batch && ((q) => batch.session.execute(q)),
    );
  }

  /** Segment membership at event time in a write batch (for the campaigns stage). */
  audience(batch: WriteBatch): BatchAudience {
    return new BatchAudience(batch, this.db, (b, projectId) => this.all(projectId, b));
  }

  /** Throws 400 UNKNOWN_SEGMENT unless the project has the segment. */
  async require(projectId: string, segmentId: string): Promise<void> {
    if (!(await this.all(projectId)).has(segmentId)) {
      throw AppError.of('UNKNOWN_SEGMENT', `segment ${segmentId} does not exist`);
    }
  }

  async list(projectId: string): Promise<SegmentView[]> {
    return (await repo.listQuery(this.db, projectId).execute()).map((r) => toView(toSegment(r)));
  }

  private async stored(projectId: string, segmentId: string): Promise<Segment> {
    const row = await repo.find(this.db, projectId, segmentId);
    if (!row) throw AppError.of('SEGMENT_NOT_FOUND', segmentId);
    return toSegment(row);
  }

  async get(projectId: string, segmentId: string): Promise<SegmentView> {
    return toView(await this.stored(projectId, segmentId));
  }

  async create(projectId: string, body: CreateSegmentBody): Promise<SegmentView> {
    const now = this.platform.clock.now();
    const row: SegmentsTable = {
      project_id: projectId,
      segment_id: body.segmentId ?? generateId('seg'),
      ...fields(body, now),
      created_at: now,
    };
    if (!(await repo.insert(this.db, row))) throw AppError.of('SEGMENT_EXISTS', `segment ${row.segment_id} exists`);
    await this.changed(projectId);
    return toView(toSegment(row));
  }

  async update(projectId: string, segmentId: string, body: UpdateSegmentBody): Promise<SegmentView> {
    if (body.segmentId !== undefined && body.segmentId !== segmentId) {
      throw AppError.of('ID_MISMATCH', 'segmentId in the body differs from the path');
    }
    const existing = await repo.find(this.db, projectId, segmentId);
    if (!existing) throw AppError.of('SEGMENT_NOT_FOUND', segmentId);
    const row: SegmentsTable = { ...existing, ...fields(body, this.platform.clock.now()) };
    if (!(await repo.update(this.db, row))) throw AppError.of('SEGMENT_NOT_FOUND', segmentId);
    await this.changed(projectId);
    return toView(toSegment(row));
  }

  /** 409 SEGMENT_IN_USE while a campaign names it. */
  async remove(projectId: string, segmentId: string): Promise<void> {
    const result = await this.db.transaction().execute((trx) => repo.removeUnused(trx, projectId, segmentId));
    if (result === 'in-use') throw AppError.of('SEGMENT_IN_USE', `a campaign names segment ${segmentId}; change or delete it first`);
    if (result === 'missing') throw AppError.of('SEGMENT_NOT_FOUND', segmentId);
    await this.changed(projectId);
  }

  /** Which of the users are in the segment now (unknown or deleted users are not). */
  async members(projectId: string, segmentId: string, userIds: readonly string[]): Promise<Set<string>> {
    const segment = (await this.all(projectId)).get(segmentId);
    if (!segment) throw AppError.of('SEGMENT_NOT_FOUND', segmentId);
    const out = new Set<string>();
    const ids = [...new Set(userIds)];
    for (let i = 0; i < ids.length; i += this.pageSize) {
      for (const id of await this.evaluate(projectId, segment, ids.slice(i, i + this.pageSize), true)) out.add(id);
    }
    return out;
  }

  /** The members among a page of users, evaluated now. `known`: check that each user exists (members of a given list). */
  private async evaluate(projectId: string, segment: Segment, userIds: string[], known: boolean): Promise<string[]> {
    const now = this.platform.clock.now();
    const needs = needsOf([segment]);
    if (known) needs.user = true;
    const facts = await loadFacts(this.db, (q) => this.db.executeQuery(q).then((r) => r.rows), projectId, userIds, needs, now, true);
    const out: string[] = [];
    for (const [userId, f] of facts) {
      // A user the users query did not find (unknown, or being deleted) is in no segment.
      if (known && f.createdAt === 0) continue;
      if (isMember(segment, f, now)) out.push(userId);
    }
    return out;
  }

  /** How many live users are in the segment now: a walk over every live user (decision 319). */
  async count(projectId: string, segmentId: string): Promise<{ segmentId: string; count: number }> {
    const segment = await this.stored(projectId, segmentId);
    let count = 0;
    let after: string | null = null;
    for (;;) {
      const page = await this.sources.liveUsersAfter(projectId, after, this.pageSize);
      if (page.length === 0) break;
      count += (await this.evaluate(projectId, segment, page, false)).length;
      if (page.length < this.pageSize) break;
      after = page[page.length - 1]!;
    }
    return { segmentId, count };
  }

  /** A page of members now, by userId: the walk goes on from the cursor until `limit` members or the last user. */
  async users(projectId: string, segmentId: string, q: { cursor?: string; limit: number }) {
    const segment = await this.stored(projectId, segmentId);
    let after = q.cursor === undefined ? null : decodeCursor(q.cursor);
    const userIds: string[] = [];
    for (;;) {
      const page = await this.sources.liveUsersAfter(projectId, after, this.pageSize);
      if (page.length === 0) return { segmentId, userIds, nextCursor: null };
      const members = await this.evaluate(projectId, segment, page, false);
      const taken = new Set(members.slice(0, q.limit - userIds.length));
      for (const id of page) {
        if (!taken.has(id)) continue;
        userIds.push(id);
        if (userIds.length === q.limit) return { segmentId, userIds, nextCursor: encodeCursor(id) };
      }
      if (page.length < this.pageSize) return { segmentId, userIds, nextCursor: null };
      after = page[page.length - 1]!;
    }
  }

  private async changed(projectId: string): Promise<void> {
    this.cache.delete(projectId);
    await this.platform.bus.publish(BUS_TOPIC, projectId);
  }
}

/** The columns of a body, after the checks the schema cannot make (fields, operators and values of the rules). */
function fields(body: CreateSegmentBody | UpdateSegmentBody, now: number) {
  const rules = body.rules as SegmentRule[];
  checkRules(rules);
  return { title: body.title, match: body.match ?? 'all', rules: JSON.stringify(rules), updated_at: now };
}
