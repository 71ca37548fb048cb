import { useState } from 'react';
import { enc } from '../api/client';
import type { Streak } from '../api/types';
import { Empty, Select, TextInput } from '../components/ui';
import { numberField, pickLanguage } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { SubmitOutcome, useSubmit } from '../useSubmit';

/** Grants banked freezes on one of the streaks that have freezes (POST /admin/user/{userId}/streak/{streakId}/freeze). */
export function GrantFreeze({ userId, onDone }: { userId: string; onDone(): void }) {
  const api = useApi();
  const streaks = useLoad(`${api.projectId}/streak`, () => api.get<Streak[]>('/admin/streak', []));
  const withFreezes = (streaks.data ?? []).filter((s) => s.freezes);
  const [streakId, setStreakId] = useState('');
  const [count, setCount] = useState('1');
  const { errors, banner, done, submit } = useSubmit(['count']);
  const chosen = streakId || withFreezes[0]?.streakId || '';
  return (
    <form
      className="card"
      aria-label="Grant freezes"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        await submit(async () => {
          const r = await api.post<{ granted: number; freezes: { available: number; max: number } }>(
            `/admin/user/${enc(userId)}/streak/${enc(chosen)}/freeze`,
            { count: numberField(count) },
          );
          onDone();
          return `Granted ${r.granted}; ${r.freezes.available} of ${r.freezes.max} banked.`;
        });
      }}
    >
      <h2>Grant freezes</h2>
      {withFreezes.length === 0 ? (
        <Empty>No streak has freezes. Set “Freezes (most banked)” on a streak first.</Empty>
      ) : (
        <>
          <div className="row">
            <Select
              label="Streak"
              value={chosen}
              options={withFreezes.map((s) => ({ value: s.streakId, label: pickLanguage(s.title) || s.streakId }))}
              onChange={setStreakId}
            />
            <TextInput
              label="Freezes"
              type="number"
              value={count}
              error={errors.count}
              hint="Cut at the streak's most banked."
              onChange={setCount}
            />
          </div>
          <SubmitOutcome banner={banner} done={done} />
          <button type="submit">Grant freezes</button>
        </>
      )}
    </form>
  );
}
