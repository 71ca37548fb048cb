import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

/**
 * A fetch stand-in: routes `METHOD /path` (query ignored unless the key has one) to canned answers
 * and records every call, so tests assert exactly what the dashboard sent.
 */
export function fakeApi(routes: Record<string, Handler | { status: number; body?: unknown; headers?: Record<string, string> }>) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://laurel.test');
    const method = init?.method ?? 'GET';
    const call: Call = {
      method,
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) {
      return new Response(
        JSON.stringify({ statusCode: 404, error: 'Not Found', message: `Route ${method} ${url.pathname} not found`, code: 'NOT_FOUND' }),
        { status: 404 },
      );
    }
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? null), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls };
}

export function signedIn(projectId = 'default') {
  localStorage.setItem('laurel.session', JSON.stringify({ token: 'admin-token-for-tests', projectId }));
}

export function validationError(message: string) {
  return { status: 400, body: { statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION_ERROR' } };
}
