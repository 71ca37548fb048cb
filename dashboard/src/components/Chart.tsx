import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface Datum {
  label: string;
  [series: string]: string | number;
}

// Each at least 4.5:1 on white: the legend writes its text in the series colour (WCAG 1.4.3).
export const COLORS = ['#2f6f4f', '#9a5a00', '#3a6ea5', '#a33b5b'];

/**
 * A chart card: a recharts chart plus the same numbers as a table (for screen readers, keyboards
 * and anyone who wants the exact values).
 */
export function ChartCard(props: {
  title: string;
  data: Datum[];
  series: Array<{ key: string; label: string }>;
  kind?: 'bar' | 'line';
  layout?: 'horizontal' | 'vertical';
  empty?: ReactNode;
  testId?: string;
  height?: number;
}) {
  const { data, series } = props;
  const hasData = data.some((d) => series.some((s) => Number(d[s.key]) !== 0));
  const vertical = props.layout === 'vertical';
  const height = props.height ?? (vertical ? Math.max(160, data.length * 32) : 240);
  return (
    <figure className="card chart" data-testid={props.testId}>
      <figcaption>
        <h2>{props.title}</h2>
      </figcaption>
      {!hasData ? (
        <p className="state empty">{props.empty ?? 'No data in this period.'}</p>
      ) : (
        <>
          <div className="chart-area" aria-hidden="true" style={{ height }}>
            <ResponsiveContainer width="100%" height="100%" minWidth={0}>
              {props.kind === 'line' ? (
                // accessibilityLayer off: it makes the svg a Tab stop, inside a container hidden from
                // assistive technology (the table below has the numbers).
                <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e3e6e4" />
                  <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                  <Tooltip />
                  {series.length > 1 && <Legend />}
                  {series.map((s, i) => (
                    <Line
                      key={s.key}
                      type="linear"
                      dataKey={s.key}
                      name={s.label}
                      stroke={COLORS[i % COLORS.length]}
                      strokeWidth={2}
                      dot={data.length < 40}
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              ) : (
                <BarChart
                  accessibilityLayer={false}
                  data={data}
                  layout={vertical ? 'vertical' : 'horizontal'}
                  margin={{ top: 8, right: 16, bottom: 0, left: vertical ? 24 : 0 }}
                >
                  <CartesianGrid strokeDasharray="3 3" stroke="#e3e6e4" />
                  {vertical ? (
                    <>
                      <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                      <YAxis type="category" dataKey="label" tick={{ fontSize: 12 }} width={110} />
                    </>
                  ) : (
                    <>
                      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                      <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                    </>
                  )}
                  <Tooltip />
                  {series.length > 1 && <Legend />}
                  {series.map((s, i) => (
                    <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
                  ))}
                </BarChart>
              )}
            </ResponsiveContainer>
          </div>
          <details>
            <summary>Show the numbers</summary>
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{vertical ? 'Item' : 'Label'}</th>
                    {series.map((s) => (
                      <th key={s.key} scope="col" className="num">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.map((d) => (
                    <tr key={d.label}>
                      <th scope="row">{d.label}</th>
                      {series.map((s) => (
                        <td key={s.key} className="num">
                          {d[s.key]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
