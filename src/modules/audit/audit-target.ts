/**
 * Which requests are admin changes, and what they change (pure): a POST, PUT, PATCH or DELETE under
 * /admin (the test clock aside), and POST /usergroup, which API keys and service tokens may call.
 * The route pattern names the resource and its id: `/admin/<resource>/:<id>[/<action>…]`.
 */
export interface AuditTarget {
  resource: string;
  /** From the path; for a create, taken from the created object later. */
  resourceId: string | null;
  action: string;
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NOT_AUDITED = new Set(['clock']);

export function auditTarget(method: string, routeUrl: string | undefined, params: unknown, body?: unknown): AuditTarget | null {
  if (!CHANGES.has(method) || !routeUrl) return null;
  // A dry run (bulk adjustments) changes nothing, so there is nothing to audit (decision 200).
  if (body !== null && typeof body === 'object' && (body as { dryRun?: unknown }).dryRun === true) return null;
  const parts = routeUrl.split('/').filter(Boolean);
  if (parts[0] === 'usergroup' && parts.length === 1) return { resource: 'usergroup', resourceId: null, action: 'create' };
  if (parts[0] !== 'admin' || parts.length < 2 || NOT_AUDITED.has(parts[1]!)) return null;
  const resource = parts[1]!;
  const param = parts[2]?.startsWith(':') ? parts[2].slice(1) : null;
  const p = (params ?? {}) as Record<string, unknown>;
  const resourceId = param && typeof p[param] === 'string' ? (p[param] as string) : null;
  // `/admin/<resource>/<action>` without an id (POST /admin/adjustments/bulk) names its action too.
  const rest = parts.slice(param ? 3 : 2).filter((s) => !s.startsWith(':'));
  if (rest.length > 0)
    return { resource, resourceId, action: resource === 'user' && rest.join('/') === 'points' ? 'adjustment' : rest.join('/') };
  const action = method === 'POST' ? 'create' : method === 'DELETE' ? 'delete' : 'update';
  return { resource, resourceId, action };
}

/** The id of a created object: its `<resource>Id` (or `<resource>Key`) field, never a secret. */
export function createdId(resource: string, object: Record<string, unknown> | null): string | null {
  if (!object) return null;
  const wanted = [`${resource}id`, `${resource}key`];
  for (const [k, v] of Object.entries(object)) if (wanted.includes(k.toLowerCase()) && typeof v === 'string') return v;
  return null;
}

const SECRET = /^(key|secret|previousSecret|token|password)$/i;

/** A copy with every secret value replaced (API keys and webhook secrets are shown once, never kept). */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '[redacted]' : redacted(v)]));
}
