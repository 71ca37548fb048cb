import { useState } from 'react';
import { ApiError } from '../api/client';
import type { CampaignSimulation } from '../api/types';
import { LazyChartCard } from '../components/LazyChart';
import { DataTable } from '../components/DataTable';
import { Empty, ErrorBanner, Stat, TextInput } from '../components/ui';
import { localInputToMs, plainWords } from '../form';
import { useApi } from '../session';
import { lastThirtyDays } from './campaignForm';

const n = (v: number) => v.toLocaleString('en');

/**
 * Preview: POST /admin/campaign/simulate { campaign, from, to } with the form's body, before it is
 * saved. The service replays the stored events of the period against the draft alone, writing
 * nothing; the answer is shown as figures, a chart per day and the top users.
 */
export function CampaignPreview({ body }: { body: () => Record<string, unknown> }) {
  const api = useApi();
  const [period, setPeriod] = useState(lastThirtyDays);
  const [result, setResult] = useState<CampaignSimulation | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [running, setRunning] = useState(false);

  async function preview() {
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      const campaign = { ...body() };
      // The preview is of the draft: the id is not needed (and a new one may be empty).
      delete campaign.campaignId;
      setResult(
        await api.post<CampaignSimulation>('/admin/campaign/simulate', {
          campaign,
          from: localInputToMs(period.from),
          to: localInputToMs(period.to),
        }),
      );
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err);
    } finally {
      setRunning(false);
    }
  }

  return (
    <fieldset className="rows preview" data-testid="campaign-preview">
      <legend>Preview</legend>
      <p className="hint">
        What this campaign, as filled in above, would have paid on the events stored in a period: nothing is written. Members of a segment
        are those of today.
      </p>
      <div className="row">
        <TextInput
          label="Preview from (UTC)"
          type="datetime-local"
          value={period.from}
          onChange={(from) => setPeriod((p) => ({ ...p, from }))}
        />
        <TextInput label="Preview to (UTC)" type="datetime-local" value={period.to} onChange={(to) => setPeriod((p) => ({ ...p, to }))} />
      </div>
      <div className="form-actions">
        <button type="button" className="secondary" onClick={preview} disabled={running}>
          {running ? 'Previewing…' : 'Preview'}
        </button>
      </div>
      {error &&
        (error.field ? (
          <p className="field-error" role="alert">{`Preview: ${plainWords(error.message)}`}</p>
        ) : (
          <ErrorBanner error={error} />
        ))}
      {result && <SimulationResult result={result} />}
    </fieldset>
  );
}

export function SimulationResult({ result }: { result: CampaignSimulation }) {
  const unit = result.currency === 'points' ? 'points' : result.currency;
  return (
    <div className="preview-result" role="status" aria-label="Preview result">
      <div className="stats">
        <Stat label={`${unit} in all`} value={<span data-testid="preview-total">{n(result.total)}</span>} />
        <Stat label="events paid" value={n(result.events)} />
        <Stat label="users" value={n(result.users)} />
        <Stat label="budget" value={result.budgetSpentOn ? `spent on ${result.budgetSpentOn}` : 'not spent in this period'} />
      </div>
      <LazyChartCard
        title={`${unit} per day`}
        data={result.perDay.map((d) => ({ label: d.day, points: d.points }))}
        series={[{ key: 'points', label: unit }]}
        empty="It would have paid nothing in this period."
        height={180}
        testId="preview-per-day"
      />
      {result.topUsers.length === 0 ? (
        <Empty>No user would have been paid.</Empty>
      ) : (
        <DataTable
          caption="Top users of the preview"
          columns={[
            { label: 'User', render: (u) => u.userId },
            { label: unit, render: (u) => n(u.points), csv: (u) => u.points, num: true },
          ]}
          rows={result.topUsers}
          rowKey={(u) => u.userId}
        />
      )}
    </div>
  );
}
