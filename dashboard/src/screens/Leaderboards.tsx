import { useState } from 'react';
import { enc, query } from '../api/client';
import type { Currency, Leaderboard, LeaderboardEntry, UserGroup } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';
import { ExportCsv } from '../components/ExportCsv';
import { Empty, ErrorBanner, Loading, Select, TextInput } from '../components/ui';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

const PAGE = 25;

const POINTS = 'points';

/** The board's columns; the amount is headed by its currency (`Points`, or e.g. `xp`). */
function columnsOf(currency: string): Array<Column<LeaderboardEntry>> {
  return [
    { label: 'Rank', render: (u) => <strong>{u.rank}</strong>, csv: (u) => u.rank, num: true },
    {
      label: 'User',
      render: (u) => (u.userId ? <a href={href(`users/${encodeURIComponent(u.userId)}`)}>{u.userId}</a> : '—'),
      csv: (u) => u.userId,
    },
    { label: 'Display name', render: (u) => u.username },
    { label: currency === POINTS ? 'Points' : currency, render: (u) => u.points, num: true },
  ];
}

const titleOf = (c: Currency) => c.title.en ?? c.title.de ?? Object.values(c.title)[0] ?? c.currencyId;
type Mode = 'month' | 'timeframe';

export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/**
 * GET /project/{projectId}/leaderboard: group, currency (when the project has more than points),
 * month or floating window, paged by offset.
 */
export function LeaderboardsScreen() {
  const api = useApi();
  const groups = useLoad(`${api.projectId}/usergroup`, () => api.get<UserGroup[]>('/admin/usergroup', []));
  const currencies = useLoad(`${api.projectId}/currency`, () => api.get<Currency[]>('/admin/currency', []));
  const [groupId, setGroupId] = useState('default');
  const [currency, setCurrency] = useState(POINTS);
  const [mode, setMode] = useState<Mode>('timeframe');
  const [month, setMonth] = useState(currentMonth());
  const [timeframe, setTimeframe] = useState<'7d' | '30d' | '365d'>('30d');
  const [offset, setOffset] = useState(0);
  // A points board is asked for as before (no currency parameter).
  const boardParams = { groupId, ...(currency === POINTS ? {} : { currency }) };
  const q = query({ ...boardParams, ...(mode === 'month' ? { month } : { timeframe }), limit: PAGE, offset });
  const columns = columnsOf(currency);
  const board = useLoad(`${api.projectId}/board${q}`, () => api.get<Leaderboard>(`/project/${enc(api.projectId)}/leaderboard${q}`));

  /** Every rank of the board, 1,000 per request. */
  const fetchAll = async () => {
    const all: LeaderboardEntry[] = [];
    for (let from = 0; ; from += 1000) {
      const period = mode === 'month' ? { month } : { timeframe };
      const page = await api.get<Leaderboard>(
        `/project/${enc(api.projectId)}/leaderboard${query({ ...boardParams, ...period, limit: 1000, offset: from })}`,
      );
      all.push(...page.users);
      if (page.users.length < 1000 || all.length >= page.total) return all;
    }
  };
  const groupOptions = [
    { value: 'default', label: 'default (everyone)' },
    ...(groups.data ?? []).map((g) => ({ value: g.userGroupId, label: `${g.userGroupId} — ${g.title.default}` })),
  ];
  const currencyOptions = (currencies.data ?? []).map((c) => ({
    value: c.currencyId,
    label: c.currencyId === POINTS ? 'points' : `${c.currencyId} — ${titleOf(c)}`,
  }));
  const total = board.data?.total ?? 0;
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Leaderboards</h1>
      </header>
      <div className="panel filters">
        <Select label="User group" value={groupId} options={groupOptions} onChange={(g) => (setGroupId(g), setOffset(0))} />
        {currencyOptions.length > 1 && (
          <Select label="Currency" value={currency} options={currencyOptions} onChange={(c) => (setCurrency(c), setOffset(0))} />
        )}
        <Select<Mode>
          label="Board"
          value={mode}
          options={[
            { value: 'timeframe', label: 'Floating window' },
            { value: 'month', label: 'Calendar month' },
          ]}
          onChange={(m) => (setMode(m), setOffset(0))}
        />
        {mode === 'month' ? (
          <TextInput
            label="Month"
            type="month"
            value={month}
            error={board.error?.field === 'month' ? board.error.message : null}
            onChange={(m) => (setMonth(m), setOffset(0))}
          />
        ) : (
          <Select<'7d' | '30d' | '365d'>
            label="Window"
            value={timeframe}
            options={[
              { value: '7d', label: 'last 7 days' },
              { value: '30d', label: 'last 30 days' },
              { value: '365d', label: 'last 365 days' },
            ]}
            onChange={(t) => (setTimeframe(t), setOffset(0))}
          />
        )}
      </div>
      {board.loading && !board.data ? (
        <Loading what="Loading leaderboard" />
      ) : board.error ? (
        board.error.field === 'month' ? null : (
          <ErrorBanner error={board.error} />
        )
      ) : !board.data?.users.length ? (
        <Empty>Nobody has points on this board yet.</Empty>
      ) : (
        <>
          <div className="table-tools">
            <span />
            <ExportCsv
              fileName={`leaderboard-${groupId}${currency === POINTS ? '' : `-${currency}`}-${mode === 'month' ? month : timeframe}.csv`}
              columns={columns}
              fetchAll={fetchAll}
            />
          </div>
          <DataTable caption="Ranking" columns={columns} rows={board.data.users} rowKey={(u) => `${u.rank}-${u.userId}`} />
          <nav className="pager" aria-label="Pages">
            <button type="button" className="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              ← Previous
            </button>
            <span aria-live="polite">
              {offset + 1}–{offset + board.data.users.length} of {total}
            </span>
            <button type="button" className="secondary" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
              Next →
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
