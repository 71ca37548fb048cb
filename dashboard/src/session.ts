import { createContext, useContext } from 'react';
import { ApiClient, type Session } from './api/client';

/** The admin token lives in sessionStorage: gone when the browser session ends, never in localStorage. */
const KEY = 'laurel.session';

export function loadSession(storage: Storage = sessionStorage): Session | null {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return typeof parsed.token === 'string' && parsed.token !== '' ? { token: parsed.token, projectId: parsed.projectId || 'default' } : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null, storage: Storage = sessionStorage): void {
  if (session === null) storage.removeItem(KEY);
  else storage.setItem(KEY, JSON.stringify(session));
}

export interface SessionContextValue {
  session: Session;
  api: ApiClient;
  setProject(projectId: string): void;
  signOut(): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionContext');
  return value;
}

export function useApi(): ApiClient {
  return useSession().api;
}
