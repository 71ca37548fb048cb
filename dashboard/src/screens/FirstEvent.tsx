import { useApi } from '../session';

/**
 * The three commands of a first event (docs/quickstart.md): define it, create the user, send it,
 * with this server's address and project. The token is the admin token the operator signed in
 * with, written as $ADMIN_TOKEN: the page never prints the secret.
 */
export function firstEventCommands(origin: string, projectId: string): string[] {
  const project = projectId === 'default' ? '' : ` -H 'x-project-id: ${projectId}'`;
  const post = (path: string, body: object) =>
    `curl -X POST ${origin}${path} -H "Authorization: Bearer $ADMIN_TOKEN"${project} \\\n` +
    `  -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`;
  return [
    post('/admin/event', { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } }),
    post('/user', { userId: 'alice' }),
    post('/event', { eventId: 'purchase', userId: 'alice' }),
  ];
}

/** The first step of an empty project: send a first event, from a terminal, in three commands. */
export function FirstEvent() {
  const api = useApi();
  const commands = firstEventCommands(window.location.origin, api.projectId);
  return (
    <div className="panel first-event" aria-labelledby="first-event-title">
      <h2 id="first-event-title">Step 1: send your first event</h2>
      <p>
        In a terminal, with <code>ADMIN_TOKEN</code> set to the admin token you signed in with: define an event worth 10 points, create a
        user, and send the event. The answer says <code>"pointsAwarded": 10</code>, and this page becomes the programme’s home.
      </p>
      <ol className="commands">
        {commands.map((c) => (
          <li key={c}>
            <pre>
              <code>{c}</code>
            </pre>
          </li>
        ))}
      </ol>
      <p className="muted">
        The whole tour, to a challenge, a leaderboard and a redemption: docs/quickstart.md. Or build the programme here, step by step:
      </p>
    </div>
  );
}
