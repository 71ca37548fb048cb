import { useState } from 'react';
import { enc } from '../api/client';
import { ErrorBanner, Loading, TextInput } from '../components/ui';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { SubmitOutcome, useSubmit } from '../useSubmit';

interface UserRecord {
  userId: string;
  createdAt: number;
  timeZone: string;
}

/**
 * The user's time zone (GET /user/{userId}), changed with PATCH /user/{userId} { timeZone }: its
 * local calendar drives the user's streak periods and daily/weekly/monthly event limits.
 */
export function UserTimeZone({ userId }: { userId: string }) {
  const api = useApi();
  const user = useLoad(`${api.projectId}/${userId}/record`, () => api.get<UserRecord>(`/user/${enc(userId)}`));
  const [zone, setZone] = useState<string | null>(null);
  const { errors, banner, done, submit } = useSubmit(['timeZone']);
  if (user.loading && !user.data) return <Loading what="Loading time zone" />;
  if (user.error) return <ErrorBanner error={user.error} />;
  const current = user.data?.timeZone ?? 'UTC';
  return (
    <form
      className="card"
      aria-label="Time zone"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        await submit(async () => {
          const r = await api.patch<{ timeZone: string }>(`/user/${enc(userId)}`, { timeZone: (zone ?? current).trim() });
          setZone(null);
          user.reload();
          return `Time zone set to ${r.timeZone}.`;
        });
      }}
    >
      <h2>Time zone</h2>
      <p>
        Streaks and daily limits follow <strong data-testid="time-zone">{current}</strong>.
      </p>
      <TextInput
        label="IANA time zone"
        value={zone ?? current}
        error={errors.timeZone}
        hint="e.g. Europe/Berlin, America/New_York, Pacific/Auckland."
        onChange={setZone}
      />
      <SubmitOutcome banner={banner} done={done} />
      <button type="submit">Change time zone</button>
    </form>
  );
}
