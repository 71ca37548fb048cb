import { isValidElement, type ReactNode } from 'react';
import type { CsvValue } from '../csv';

/** One column: its cell, and its value in a CSV export (the cell's text when it is plain). */
export interface Column<T> {
  label: string;
  render(row: T): ReactNode;
  csv?(row: T): CsvValue;
  num?: boolean;
  /** Only in the CSV export: what the screen shows inside another cell (the event log's status and code). */
  csvOnly?: boolean;
}

/** The table of every list screen; at phone width each row becomes a card with labelled cells. */
export function DataTable<T>(props: {
  caption?: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowKey(row: T, index: number): string;
  actions?(row: T): ReactNode;
}) {
  const columns = props.columns.filter((c) => !c.csvOnly);
  return (
    <div className="table-wrap">
      <table>
        {props.caption && <caption className="sr-only">{props.caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
            {props.actions && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, i) => (
            <tr key={props.rowKey(row, i)}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label} className={c.num ? 'num' : undefined}>
                  {c.render(row)}
                </td>
              ))}
              {props.actions && <td className="actions">{props.actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The CSV row of a table row: each column's csv value, else the text of its cell. */
export function csvRow<T>(columns: Array<Column<T>>, row: T): CsvValue[] {
  return columns.map((c) => {
    if (c.csv) return c.csv(row);
    const cell = c.render(row);
    return typeof cell === 'number' ? cell : textOf(cell);
  });
}

/** The text a cell shows: strings and numbers, also inside elements such as <code>. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}
