import { useEffect, useState } from 'react';
import { ApiError, enc } from '../api/client';
import type { BackfillStarted, Job } from '../api/types';
import { ErrorBanner, TextInput } from '../components/ui';
import { localInputToMs } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { BACKFILL_POLL_MS } from './AchievementBackfill';
import { lastThirtyDays } from './campaignForm';

/** What the backfill line says of its job (GET /admin/job/{jobId}). */
export function jobText(job: Job): string {
  const processed = `${job.processed.toLocaleString('en-GB')} events processed`;
  if (job.status === 'queued') return 'queued';
  if (job.status === 'running') return `running: ${processed}`;
  if (job.status === 'done') return `done: ${processed}`;
  return `failed after ${processed}`;
}

/**
 * Backfill of a saved campaign: POST /admin/campaign/{id}/backfill { from, to } pays it on the past
 * events of the period (each event at most once per campaign, within its budgets); the job is
 * asked again every second while it is queued or running, as an achievement's backfill is.
 */
export function CampaignBackfill({ campaignId }: { campaignId: string }) {
  const api = useApi();
  const [period, setPeriod] = useState(lastThirtyDays);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    setError(null);
    setJobId(null);
    try {
      const started = await api.post<BackfillStarted>(`/admin/campaign/${enc(campaignId)}/backfill`, {
        from: localInputToMs(period.from),
        to: localInputToMs(period.to),
      });
      setJobId(started.jobId);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err);
    } finally {
      setStarting(false);
    }
  }

  return (
    <fieldset className="rows" data-testid="campaign-backfill">
      <legend>Backfill past events</legend>
      <p className="hint">
        Pays this saved campaign on the events of a past period, as if it had run then: each event at most once, within its budgets, and
        alone (other campaigns are not weighed). Save your changes first: the saved campaign is what is paid.
      </p>
      <div className="row">
        <TextInput
          label="Backfill from (UTC)"
          type="datetime-local"
          value={period.from}
          onChange={(from) => setPeriod((p) => ({ ...p, from }))}
        />
        <TextInput label="Backfill to (UTC)" type="datetime-local" value={period.to} onChange={(to) => setPeriod((p) => ({ ...p, to }))} />
      </div>
      <div className="form-actions">
        <button type="button" className="secondary" onClick={start} disabled={starting}>
          {starting ? 'Starting…' : 'Backfill'}
        </button>
      </div>
      <ErrorBanner error={error} />
      {jobId && <JobProgress jobId={jobId} label={`Backfill of ${campaignId}`} />}
    </fieldset>
  );
}

/** A background job's progress, asked again every second until it is done or failed. */
export function JobProgress({ jobId, label }: { jobId: string; label: string }) {
  const api = useApi();
  const [tick, setTick] = useState(0);
  const state = useLoad(`${api.projectId}/job/${jobId}/${tick}`, () => api.get<Job>(`/admin/job/${enc(jobId)}`));
  const job = state.data;
  const underWay = !job || job.status === 'queued' || job.status === 'running';
  useEffect(() => {
    if (!underWay || state.error) return;
    const timer = setTimeout(() => setTick((t) => t + 1), BACKFILL_POLL_MS);
    return () => clearTimeout(timer);
  }, [underWay, state.data, state.error]);
  if (state.error) return <ErrorBanner error={state.error} />;
  if (!job) return <span className="muted">…</span>;
  return (
    <p data-testid={`job-${jobId}`} role="status">
      {/* The job counts what it did, not what is left: an indeterminate bar while it runs. */}
      {job.status === 'running' && <progress aria-label={label} />} {label}: {jobText(job)}
    </p>
  );
}
