import type { Streak } from '../api/types';
import { Select } from '../components/ui';
import { pickLanguage } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/** The offer type whose redemption banks one freeze on `streakId` instead of issuing a coupon. */
export const STREAK_FREEZE = 'STREAK_FREEZE';

/** The streak a STREAK_FREEZE offer banks freezes on: one of the streaks that have freezes. */
export function OfferStreakField({ value, error, onChange }: { value: string; error?: string; onChange(streakId: string): void }) {
  const api = useApi();
  const streaks = useLoad(`${api.projectId}/streak`, () => api.get<Streak[]>('/admin/streak', []));
  const options = (streaks.data ?? [])
    .filter((s) => s.freezes || s.streakId === value)
    .map((s) => ({ value: s.streakId, label: pickLanguage(s.title) || s.streakId }));
  return (
    <Select
      label="Streak (freeze offer)"
      value={value}
      options={[{ value: '', label: '— choose a streak with freezes —' }, ...options]}
      error={error}
      hint="Redeeming banks one freeze on this streak (no coupon). A full bank is refused."
      onChange={onChange}
    />
  );
}
