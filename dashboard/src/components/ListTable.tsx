import type { ReactNode } from 'react';
import { DataTable, type Column } from './DataTable';
import { ExportCsv } from './ExportCsv';

/** A whole list already loaded (keys, projects, coupons…): the table and its CSV export. */
export function ListTable<T>(props: {
  caption: string;
  csvName: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowKey(row: T, index: number): string;
  actions?(row: T): ReactNode;
}) {
  return (
    <>
      <div className="table-tools">
        <span className="muted">
          {props.rows.length} {props.rows.length === 1 ? 'row' : 'rows'}
        </span>
        <ExportCsv fileName={props.csvName} columns={props.columns} fetchAll={async () => props.rows} />
      </div>
      <DataTable caption={props.caption} columns={props.columns} rows={props.rows} rowKey={props.rowKey} actions={props.actions} />
    </>
  );
}
