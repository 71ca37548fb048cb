import { Type, type Static } from 'typebox';
import { Millis } from '../../http/schemas.js';

export const AuditQuery = Type.Object(
  {
    resource: Type.Optional(Type.String({ pattern: '^[a-z-]{1,40}$', description: 'e.g. event, offer, apikey, project, user' })),
    resourceId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Only changes of the resource with this id (with resource)' }),
    ),
    from: Type.Optional(Millis('Changes made at or after this time (Unix ms)')),
    to: Type.Optional(Millis('Changes made before this time (Unix ms)')),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

const Json = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

export const AuditEntry = Type.Object({
  at: Type.Integer({ description: 'Unix ms' }),
  actor: Type.String({ description: '`admin` (the admin token), `apikey:<apiKeyId>`, `service:<subject>` or `user:<userId>`' }),
  resource: Type.String(),
  resourceId: Type.Union([Type.String(), Type.Null()]),
  action: Type.String({ description: 'create, update, delete, adjustment, or a named action such as rotate-secret' }),
  before: { ...Json, description: 'The object before the change (secrets redacted); null for a create' },
  after: { ...Json, description: 'The object after the change (secrets redacted); null for a delete' },
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next (older) page; null on the last page' }),
});
export type AuditPage = Static<typeof AuditPage>;
