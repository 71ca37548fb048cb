import { createContext, useContext } from 'react';
import { ApiClient, type Session } from './api/client';

/**
 * The admin token lives in localStorage (decision 123): every tab of this browser is signed in until
 * Sign out, which removes it here and so signs out the other tabs (they hear the storage event).
 */
export const SESSION_KEY = 'laurel.session';
const KEY = SESSION_KEY;

export function loadSession(storage: Storage = localStorage): Session | null {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return typeof parsed.token === 'string' && parsed.token !== ''
      ? { token: parsed.token, projectId: parsed.projectId || 'default' }
      : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null, storage: Storage = localStorage): void {
  if (session === null) storage.removeItem(KEY);
  else storage.setItem(KEY, JSON.stringify(session));
}

/** Calls `onChange` when another tab signs in, out, or switches project (the storage event fires only in the other tabs). */
export function onSessionChangedElsewhere(onChange: (session: Session | null) => void): () => void {
  const listener = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) onChange(loadSession());
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
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
