import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { useLoad } from '../useLoad';
import { DataTable, type Column } from './DataTable';
import { allPages, ExportCsv } from './ExportCsv';
import { Empty, ErrorBanner, Loading } from './ui';

export type FetchPage<T> = (cursor: string | null) => Promise<{ rows: T[]; nextCursor: string | null }>;

/**
 * A cursor-paged list (event log, users, audit): the first page loads on each change of `loadKey`
 * (the filter), "Load more" appends the next; "Export CSV" writes every page the filter selects.
 */
export function PagedTable<T>(props: {
  loadKey: string;
  fetchPage: FetchPage<T>;
  columns: Array<Column<T>>;
  rowKey(row: T, index: number): string;
  caption: string;
  empty: ReactNode;
  csvName: string;
  actions?(row: T): ReactNode;
  /** Shown under the list, from the rows loaded so far (the referral log's top referrers). */
  summary?(rows: T[]): ReactNode;
}) {
  const [more, setMore] = useState<{ rows: T[]; nextCursor: string | null; key: string } | null>(null);
  const [moreError, setMoreError] = useState<ApiError | null>(null);
  const first = useLoad(props.loadKey, () => props.fetchPage(null));
  const extra = more && more.key === props.loadKey ? more : null;
  const rows = [...(first.data?.rows ?? []), ...(extra?.rows ?? [])];
  const nextCursor = extra ? extra.nextCursor : (first.data?.nextCursor ?? null);

  if (first.loading && !first.data) return <Loading what={`Loading ${props.caption.toLowerCase()}`} />;
  if (first.error) return <ErrorBanner error={first.error} />;
  return (
    <div className="paged">
      <div className="table-tools">
        <span className="muted" role="status">
          {rows.length} {rows.length === 1 ? 'row' : 'rows'}
          {nextCursor ? ' shown, more to load' : ''}
        </span>
        <ExportCsv fileName={props.csvName} columns={props.columns} fetchAll={() => allPages(props.fetchPage)} />
      </div>
      {rows.length === 0 ? (
        <Empty>{props.empty}</Empty>
      ) : (
        <DataTable caption={props.caption} columns={props.columns} rows={rows} rowKey={props.rowKey} actions={props.actions} />
      )}
      <ErrorBanner error={moreError} />
      {nextCursor && (
        <button
          type="button"
          className="secondary"
          onClick={async () => {
            setMoreError(null);
            try {
              const page = await props.fetchPage(nextCursor);
              setMore({ rows: [...(extra?.rows ?? []), ...page.rows], nextCursor: page.nextCursor, key: props.loadKey });
            } catch (err) {
              if (err instanceof ApiError) setMoreError(err);
            }
          }}
        >
          Load more
        </button>
      )}
      {rows.length > 0 && props.summary?.(rows)}
    </div>
  );
}
