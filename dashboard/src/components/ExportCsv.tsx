import { useState } from 'react';
import { ApiError } from '../api/client';
import { downloadCsv, toCsv } from '../csv';
import { csvRow, type Column } from './DataTable';
import { ErrorBanner } from './ui';

/**
 * "Export CSV": every row the current filter selects, all pages (fetched one after another with
 * each page's cursor), not only the rows on screen.
 */
export function ExportCsv<T>(props: { fileName: string; columns: Array<Column<T>>; fetchAll(): Promise<T[]> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            const rows = await props.fetchAll();
            downloadCsv(
              props.fileName,
              toCsv(
                props.columns.map((c) => c.label),
                rows.map((r) => csvRow(props.columns, r)),
              ),
            );
          } catch (err) {
            if (err instanceof ApiError) setError(err);
            else throw err;
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      <ErrorBanner error={error} />
    </>
  );
}

/** Follows nextCursor to the last page. */
export async function allPages<T>(fetchPage: (cursor: string | null) => Promise<{ rows: T[]; nextCursor: string | null }>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { rows: T[]; nextCursor: string | null } = await fetchPage(cursor);
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}
