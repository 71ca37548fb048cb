import { Type, type Static } from 'typebox';
import { AppError } from '../../http/errors.js';
import { UserId } from '../../http/schemas.js';
import { Attributes, attributesOf } from './user-attributes.js';
import type { UserSort, UsersRepository } from './users.repository.js';

/**
 * GET /admin/user (decision 121): a project's users, paged by an opaque cursor (the last user's
 * sort key and userId), each order descending with the userId as tie-break; a user whose deletion
 * is running is not listed.
 */

export const UserListQuery = Type.Object(
  {
    prefix: Type.Optional(
      Type.Intersect([UserId, Type.String({ maxLength: 128 })], {
        description: 'Only users whose userId begins with this (case-sensitive)',
      }),
    ),
    sort: Type.Union([Type.Literal('createdAt'), Type.Literal('points'), Type.Literal('lastActive')], {
      default: 'createdAt',
      description: 'createdAt: newest first; points: most first; lastActive: most recently active first, never active last',
    }),
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'nextCursor of the previous page' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Users per page' }),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

export const ListedUser = Type.Object({
  userId: Type.String(),
  points: Type.Integer({ description: 'Balance' }),
  lastActiveAt: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'When the user last earned or spent points by an event, redemption or survey answer (not an admin adjustment), Unix ms; null: never',
  }),
  createdAt: Type.Integer({ description: 'Unix ms' }),
  timeZone: Type.String({ description: "IANA name of the user's time zone (UTC unless set)" }),
  attributes: Attributes,
});

export const UserListPage = Type.Object({
  users: Type.Array(ListedUser),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null on the last page' }),
});
export type UserListPage = Static<typeof UserListPage>;

export async function listUsers(repo: UsersRepository, projectId: string, q: UserListQuery): Promise<UserListPage> {
  const sort = q.sort as UserSort;
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor, sort);
  const rows = await repo.list(projectId, {
    sort,
    limit: q.limit + 1,
    ...(q.prefix !== undefined ? { prefix: q.prefix } : {}),
    ...(after ? { after } : {}),
  });
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page[page.length - 1];
  return {
    users: page.map((r) => ({
      userId: r.user_id,
      points: Number(r.points),
      lastActiveAt: r.last_active_at == null ? null : Number(r.last_active_at),
      createdAt: Number(r.created_at),
      timeZone: r.time_zone ?? 'UTC',
      attributes: attributesOf(r.attributes),
    })),
    nextCursor: more && last ? Buffer.from(JSON.stringify([sort, Number(last.sort_key), last.user_id])).toString('base64url') : null,
  };
}

/** A cursor is valid only for the order it was made for. */
function decodeCursor(cursor: string, sort: UserSort): { key: number; userId: string } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    value = null;
  }
  if (!Array.isArray(value) || value.length !== 3 || value[0] !== sort || !Number.isSafeInteger(value[1]) || typeof value[2] !== 'string') {
    throw AppError.of('INVALID_CURSOR', 'cursor is not valid for this sort');
  }
  return { key: value[1] as number, userId: value[2] };
}
