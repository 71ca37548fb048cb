import { enc } from '../api/client';
import type { UserAchievement } from '../api/types';
import { Empty, ErrorBanner, Loading } from '../components/ui';
import { pickLanguage } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10} %`;

/** The level's name when it has one, else its number. */
function levelName(a: UserAchievement, level: number): string {
  const l = a.levels.find((x) => x.level === level);
  return l?.title ? pickLanguage(l.title) : `level ${level}`;
}

/** A user's achievements on the user page: what is unlocked (and how rare), and the progress to the next level. */
export function UserAchievementsCard({ userId }: { userId: string }) {
  const api = useApi();
  const res = useLoad(`${api.projectId}/${userId}/achievement`, () =>
    api.get<{ achievements: UserAchievement[] }>(`/user/${enc(userId)}/achievement`, { achievements: [] }),
  );
  return (
    <div className="card">
      <h2>Achievements</h2>
      {res.loading && !res.data ? (
        <Loading what="Loading achievements" />
      ) : res.error ? (
        <ErrorBanner error={res.error} />
      ) : !res.data?.achievements.length ? (
        <Empty>No achievements defined.</Empty>
      ) : (
        <ul className="progress-list" data-testid="user-achievements">
          {res.data.achievements.map((a) => (
            <li key={a.achievementId}>
              <div className="progress-head">
                <strong>{pickLanguage(a.title) || a.achievementId}</strong>
                <span className="badge">{a.level === null ? 'locked' : levelName(a, a.level)}</span>
              </div>
              <small>
                progress {a.progress}
                {a.nextThreshold === null ? ' · every level unlocked' : ` · next at ${a.nextThreshold}`}
                {a.unlockedAt ? ` · unlocked ${a.unlockedAt.slice(0, 10)}${a.backfilled ? ' (backfilled)' : ''}` : ''}
                {` · ${percent(a.rarity)} of users`}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
