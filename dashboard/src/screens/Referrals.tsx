import { ReferralLog } from './ReferralLog';
import { ReferralProgrammeSettings } from './ReferralProgrammeForm';

/** Referrals (docs/referrals.md): the programme's settings, the referral log with its reviews, the top referrers. */
export function ReferralsScreen() {
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Referrals</h1>
      </header>
      <p className="intro">
        Members bring members: a referee enters a referrer&apos;s code, and its first qualifying event pays both, once. A referral whose
        fingerprint was seen before is flagged and pays only once approved.
      </p>
      <ReferralProgrammeSettings />
      <ReferralLog />
    </section>
  );
}
