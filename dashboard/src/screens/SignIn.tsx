import { useState } from 'react';
import { ApiClient, ApiError, type Session } from '../api/client';
import { TextInput } from '../components/ui';

/** Checks the admin token against GET /admin/project before keeping it in this browser until Sign out (decision 123). */
export function SignIn({ onSignedIn, fetchImpl }: { onSignedIn(session: Session): void; fetchImpl?: typeof fetch }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <main className="signin">
      <form
        className="panel"
        aria-labelledby="signin-title"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          const session = { token: token.trim(), projectId: 'default' };
          try {
            await new ApiClient(session, fetchImpl).get('/admin/project', []);
            onSignedIn(session);
          } catch (err) {
            setBusy(false);
            if (!(err instanceof ApiError)) throw err;
            setError(
              err.status === 401
                ? 'This admin token is not accepted. Use the ADMIN_TOKEN Laurel printed on its first start (kept in data/admin-token).'
                : err.message,
            );
          }
        }}
      >
        <h1 id="signin-title">
          <span className="logo" aria-hidden="true">
            ❦
          </span>{' '}
          Laurel dashboard
        </h1>
        <p>Sign in with the admin token. It is kept in this browser, for every tab, until you sign out.</p>
        <TextInput label="Admin token" type="password" value={token} error={error} onChange={setToken} required />
        <button type="submit" disabled={busy || token.trim() === ''}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
