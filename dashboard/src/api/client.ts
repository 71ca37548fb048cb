/**
 * The dashboard's only way out: the HTTP API with the admin token. Every request carries
 * `Authorization: Bearer <ADMIN_TOKEN>` and `x-project-id`; errors become ApiError with the
 * error body (docs/api.md, Responses and errors) and, when the message names one, the field it concerns.
 */
import type { ErrorAnswer } from './types';

export type ErrorBody = ErrorAnswer;

export class ApiError extends Error {
  readonly field: string | null;
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.field = fieldOfMessage(body.message);
  }
  get code(): string {
    return this.body.code;
  }
}

/**
 * The top-level body field a validation message concerns:
 * "body/title must have required property 'de'" → "title";
 * "body must have required property 'name'" → "name";
 * "querystring/month must match pattern …" → "month".
 */
export function fieldOfMessage(message: string): string | null {
  const nested = /^(?:body|querystring|params)\/([A-Za-z0-9_]+)/.exec(message);
  if (nested) return nested[1]!;
  const required = /^(?:body|querystring|params) must have required property '([^']+)'/.exec(message);
  if (required) return required[1]!;
  const additional = /^(?:body|querystring|params) must NOT have additional properties/.exec(message);
  if (additional) return null;
  return null;
}

export interface Session {
  token: string;
  projectId: string;
}

export interface Page<T> {
  items: T;
  nextCursor: string | null;
}

type Fetch = typeof fetch;

export class ApiClient {
  constructor(
    private readonly session: Session,
    private readonly fetchImpl: Fetch = (...args) => fetch(...args),
    private readonly base = '',
  ) {}

  get projectId(): string {
    return this.session.projectId;
  }

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.session.token}`,
      'x-project-id': this.session.projectId,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetchImpl(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError(0, {
        statusCode: 0,
        error: 'Network error',
        message: 'Laurel cannot be reached. Is the service running?',
        code: 'NETWORK',
      });
    }
    if (!res.ok) {
      let parsed: ErrorBody;
      try {
        parsed = (await res.json()) as ErrorBody;
      } catch {
        parsed = { statusCode: res.status, error: res.statusText, message: `${res.status} ${res.statusText}`, code: 'HTTP_ERROR' };
      }
      throw new ApiError(res.status, parsed);
    }
    return res;
  }

  /** GET a JSON body; 204 becomes `empty`. */
  async get<T>(path: string, empty?: T): Promise<T> {
    const res = await this.send('GET', path);
    if (res.status === 204) return empty as T;
    const text = await res.text();
    return (text === '' ? (empty ?? null) : JSON.parse(text)) as T;
  }

  /** GET with the cursor of the next page from the `x-next-cursor` header. */
  async page<T>(path: string, empty: T): Promise<Page<T>> {
    const res = await this.send('GET', path);
    const nextCursor = res.headers.get('x-next-cursor');
    if (res.status === 204) return { items: empty, nextCursor: null };
    return { items: (await res.json()) as T, nextCursor };
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const res = await this.send('POST', path, body);
    return res.status === 204 ? (null as T) : ((await res.json()) as T);
  }

  async put<T>(path: string, body: unknown): Promise<T> {
    const res = await this.send('PUT', path, body);
    return res.status === 204 ? (null as T) : ((await res.json()) as T);
  }

  async patch<T>(path: string, body: unknown): Promise<T> {
    const res = await this.send('PATCH', path, body);
    return res.status === 204 ? (null as T) : ((await res.json()) as T);
  }

  async delete(path: string): Promise<void> {
    await this.send('DELETE', path);
  }
}

/** Query string from defined, non-empty values. */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const enc = encodeURIComponent;
