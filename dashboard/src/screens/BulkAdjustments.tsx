import { useState } from 'react';
import { ApiError } from '../api/client';
import { useConfirm } from '../components/Confirm';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
import { DataTable, type Column } from '../components/DataTable';
import { ErrorBanner } from '../components/ui';
import { parseCsv } from '../csv';
import { useApi } from '../session';

interface Row {
  userId: string;
  points: number;
  reason: string;
}
interface RowResult {
  row: number;
  userId: string;
  outcome: 'APPLIED' | 'WOULD_APPLY' | 'FAILED';
  points: number;
  balanceBefore: number | null;
  balanceAfter: number | null;
  code: string | null;
  message: string | null;
}
interface BulkResult {
  dryRun: boolean;
  applied: number;
  failed: number;
  rows: RowResult[];
}

/**
 * The rows of an uploaded CSV of userId, points, reason (a header line is optional), or the line
 * numbers that cannot be sent, in plain words.
 */
export function readAdjustments(text: string): { rows: Row[]; problems: string[] } {
  const lines = parseCsv(text);
  const header = lines[0] && lines[0][0]?.trim().toLowerCase() === 'userid' ? 1 : 0;
  const rows: Row[] = [];
  const problems: string[] = [];
  lines.slice(header).forEach((cells, i) => {
    const line = i + 1 + header;
    const [userId = '', points = '', ...reason] = cells.map((c) => c.trim());
    const n = Number(points);
    if (cells.length < 3) problems.push(`Line ${line}: needs userId, points and reason`);
    else if (!userId) problems.push(`Line ${line}: the userId is empty`);
    else if (points === '' || !Number.isInteger(n) || n === 0)
      problems.push(`Line ${line}: points must be a whole number other than 0 (got “${points}”)`);
    else if (!reason.join(',').trim()) problems.push(`Line ${line}: the reason is empty`);
    else rows.push({ userId, points: n, reason: reason.join(',').trim() });
  });
  if (lines.length - header === 0) problems.push('The file has no rows.');
  return { rows, problems };
}

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en'));
const COLUMNS: Array<Column<RowResult & { reason: string }>> = [
  { label: 'Row', render: (r) => r.row + 1, num: true },
  { label: 'User', render: (r) => r.userId },
  { label: 'Points', render: (r) => `${r.points > 0 ? '+' : ''}${n(r.points)}`, csv: (r) => r.points, num: true },
  { label: 'Reason', render: (r) => r.reason },
  {
    label: 'Balance',
    render: (r) => `${n(r.balanceBefore)} → ${n(r.balanceAfter)}`,
    csv: (r) => `${r.balanceBefore ?? ''}→${r.balanceAfter ?? ''}`,
  },
  {
    label: 'Result',
    render: (r) => (r.outcome === 'FAILED' ? `${r.message} (${r.code})` : r.outcome === 'APPLIED' ? 'applied' : 'would apply'),
    csv: (r) => r.outcome,
  },
];

/** Bulk point adjustments from a CSV: read, preview (dry run), then apply in one batch with a result per row. */
export function BulkAdjustments() {
  const api = useApi();
  const [rows, setRows] = useState<Row[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // One currency for the whole file (a reason may hold commas, so the CSV has no fourth column).
  const [currency, setCurrency] = useState('points');
  const [dialog, confirm] = useConfirm();

  async function send(dryRun: boolean) {
    setBusy(true);
    setError(null);
    try {
      const inCurrency = currencyField(currency);
      setResult(await api.post<BulkResult>('/admin/adjustments/bulk', { dryRun, rows: rows.map((r) => ({ ...r, currency: inCurrency })) }));
    } catch (err) {
      if (err instanceof ApiError) setError(err);
      else throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="panel">
      <summary>Bulk point adjustments (CSV upload)</summary>
      <p className="hint">
        A CSV with the columns userId, points, reason (a header line is optional). Preview first: nothing changes until you apply.
      </p>
      <label className="field">
        <span>CSV file</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            setResult(null);
            setError(null);
            if (!file) return;
            const read = readAdjustments(await file.text());
            setRows(read.rows);
            setProblems(read.problems);
          }}
        />
      </label>
      <CurrencySelect
        value={currency}
        hint="Every row of the file adjusts this currency."
        onChange={(next) => {
          setCurrency(next);
          setResult(null); // a preview in another currency no longer says what Apply does
        }}
      />
      {problems.length > 0 && (
        <div className="form-summary" role="alert">
          Fix the file first:
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {rows.length > 0 && problems.length === 0 && (
        <div className="form-actions">
          <button type="button" className="secondary" disabled={busy} onClick={() => send(true)}>
            Preview {rows.length} {rows.length === 1 ? 'adjustment' : 'adjustments'}
          </button>
          {result?.dryRun && (
            <button
              type="button"
              disabled={busy}
              onClick={async () => {
                const ok = await confirm({
                  title: `Apply ${rows.length} adjustments?`,
                  effect: (
                    <p>
                      {result.rows.length - result.failed} balances change as previewed
                      {result.failed ? `; ${result.failed} rows fail and are skipped` : ''}. Each is an adjustment in the user's history
                      with its reason.
                    </p>
                  ),
                  confirmLabel: 'Apply',
                });
                if (ok) await send(false);
              }}
            >
              Apply {rows.length} adjustments
            </button>
          )}
        </div>
      )}
      <ErrorBanner error={error} />
      {result && (
        <>
          <p role="status">
            {result.dryRun
              ? `Preview: ${result.rows.length - result.failed} would apply, ${result.failed} would fail. Nothing has changed yet.`
              : `Done: ${result.applied} applied, ${result.failed} failed.`}
          </p>
          <DataTable
            caption="Bulk adjustment results"
            columns={COLUMNS}
            rows={result.rows.map((r) => ({ ...r, reason: rows[r.row]?.reason ?? '' }))}
            rowKey={(r) => String(r.row)}
          />
        </>
      )}
      {dialog}
    </details>
  );
}
