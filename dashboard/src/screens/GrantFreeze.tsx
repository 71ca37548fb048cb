import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import type { Streak } from '../api/types';
import { Empty, ErrorBanner, Select, TextInput } from '../components/ui';
import { numberField, pickLanguage, placeError, type FieldErrors } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/** Grants banked freezes on one of the streaks that have freezes (POST /admin/user/{userId}/streak/{streakId}/freeze). */
export function GrantFreeze({ userId, onDone }: { userId: string; onDone(): void }) {
  const api = useApi();
  const streaks = useLoad(`${api.projectId}/streak`, () => api.get<Streak[]>('/admin/streak', []));
  const withFreezes = (streaks.data ?? []).filter((s) => s.freezes);
  const [streakId, setStreakId] = useState('');
  const [count, setCount] = useState('1');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const chosen = streakId || withFreezes[0]?.streakId || '';
  return (
    <form
      className="card"
      aria-label="Grant freezes"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setErrors({});
        setBanner(null);
        setDone(null);
        try {
          const r = await api.post<{ granted: number; freezes: { available: number; max: number } }>(`/admin/user/${enc(userId)}/streak/${enc(chosen)}/freeze`, { count: numberField(count) });
          setDone(`Granted ${r.granted}; ${r.freezes.available} of ${r.freezes.max} banked.`);
          onDone();
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const placed = placeError(err, ['count']);
          setErrors(placed.fieldErrors);
          setBanner(placed.banner);
        }
      }}
    >
      <h2>Grant freezes</h2>
      {withFreezes.length === 0 ? (
        <Empty>No streak has freezes. Set “Freezes (most banked)” on a streak first.</Empty>
      ) : (
        <>
          <div className="row">
            <Select label="Streak" value={chosen} options={withFreezes.map((s) => ({ value: s.streakId, label: pickLanguage(s.title) || s.streakId }))} onChange={setStreakId} />
            <TextInput label="Freezes" type="number" value={count} error={errors.count} hint="Cut at the streak's most banked." onChange={setCount} />
          </div>
          <ErrorBanner error={banner} />
          {done && (
            <p className="ok" role="status">
              {done}
            </p>
          )}
          <button type="submit">Grant freezes</button>
        </>
      )}
    </form>
  );
}
