import { useEffect, useState } from 'react';

/**
 * A tiny history router under the Vite base (/dashboard/): enough for a dozen screens, no
 * dependency. Paths are relative to the base: "events", "users/alice".
 */
/** Laurel serves the app here (dashboard.routes.ts); vite.config.ts builds for the same base. */
export const BASE = '/dashboard';

export function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return path.replace(/^\/+|\/+$/g, '');
}

export function href(path: string): string {
  return `${BASE}/${path}`;
}

export function navigate(path: string): void {
  window.history.pushState(null, '', href(path));
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const update = () => setPath(currentPath());
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}
