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

  /**
   * Reads a live stream (Server-Sent Events, docs/live.md) with the admin token, calling `onMessage`
   * for each message until the stream ends (resolves), `signal` aborts it (resolves) or it fails.
   */
  async stream(path: string, onMessage: (event: string, data: string) => void, signal: AbortSignal): Promise<void> {
    const headers = { authorization: `Bearer ${this.session.token}`, 'x-project-id': this.session.projectId, accept: 'text/event-stream' };
    let res: Response;
    try {
      res = await this.fetchImpl(this.base + path, { headers, signal });
    } catch (err) {
      if (signal.aborted) return;
      throw err;
    }
    if (!res.ok || !res.body)
      throw new ApiError(
        res.status,
        (await res.json().catch(() => null)) ?? { statusCode: res.status, error: '', message: `${res.status}`, code: 'HTTP_ERROR' },
      );
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        pending += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) onMessage(event, data);
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      throw err;
    }
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
