import { enc } from '../api/client';
import type { UserReferral } from '../api/types';
import { ErrorBanner, Loading, Stat } from '../components/ui';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/**
 * The user's referral code and counts as a referrer (GET /user/{userId}/referral; the code is made
 * on the first read). The referral log cannot be filtered by user, so only the counts are shown.
 */
export function UserReferralCard({ userId }: { userId: string }) {
  const api = useApi();
  const res = useLoad(`${api.projectId}/${userId}/referral`, () => api.get<UserReferral>(`/user/${enc(userId)}/referral`));
  return (
    <div className="card">
      <h2>Referrals</h2>
      {res.loading && !res.data ? (
        <Loading what="Loading referrals" />
      ) : res.error ? (
        <ErrorBanner error={res.error} />
      ) : res.data ? (
        <>
          <p>
            Code <code data-testid="referral-code">{res.data.code}</code>
            {' · '}
            {res.data.referredBy ? (
              <>
                referred by <a href={href(`users/${enc(res.data.referredBy)}`)}>{res.data.referredBy}</a>
              </>
            ) : (
              'not referred'
            )}
          </p>
          <div className="stats">
            <Stat label="invited" value={res.data.invited} />
            <Stat label="qualified" value={res.data.qualified} />
            <Stat label="earned" value={res.data.earned} />
          </div>
          <small className="hint">
            As a referrer; earned is in the referrer reward&apos;s currency. Each referral is in the{' '}
            <a href={href('referrals')}>referral log</a>.
          </small>
        </>
      ) : null}
    </div>
  );
}
