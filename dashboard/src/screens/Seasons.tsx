import { useState } from 'react';
import { ApiError, enc, query } from '../api/client';
import type { Status } from '../api/types';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Empty, ErrorBanner, Loading, Rows, TextInput } from '../components/ui';
import { compact, formatDate, numberField, text } from '../form';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/** A season reward: rank bands of a group's monthly board, paid when the month closes (docs/leaderboards.md). */
export interface SeasonReward {
  seasonRewardId: string;
  groupId: string;
  bands: Array<{ fromRank: number; toRank: number; points?: number; offerId?: string }>;
}

interface ArchivedBoard {
  month: string;
  groupId: string;
  archivedAt: number;
  total: number;
  users: Array<{ userId: string; username: string; points: number; rank: number }>;
}

interface SeasonPayouts {
  month: string;
  payouts: Array<{ groupId: string; seasonRewardId: string; userId: string; rank: number; points: number; paidAt: number }>;
}

/** Season rewards have no status; the form keeps one only because every resource form does (never sent). */
export interface SeasonRewardForm {
  seasonRewardId: string;
  groupId: string;
  bands: Array<{ fromRank: string; toRank: string; points: string; offerId: string }>;
  status: Status;
}

export function seasonRewardToBody(f: SeasonRewardForm): Record<string, unknown> {
  return compact({
    seasonRewardId: f.seasonRewardId.trim() || undefined,
    groupId: f.groupId.trim(),
    bands: f.bands.map((b) =>
      compact({
        fromRank: numberField(b.fromRank),
        toRank: numberField(b.toRank),
        points: numberField(b.points),
        offerId: b.offerId.trim() || undefined,
      }),
    ),
  });
}

const bandText = (b: SeasonReward['bands'][number]) =>
  `${b.fromRank === b.toRank ? `#${b.fromRank}` : `#${b.fromRank}–${b.toRank}`}: ` +
  `${[b.points !== undefined ? `${b.points} pts` : null, b.offerId ? `coupon ${b.offerId}` : null].filter(Boolean).join(' + ')}`;

function SeasonRewardFields({ value: f, set, errors, editing }: FormProps<SeasonRewardForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="Season reward id"
        value={f.seasonRewardId}
        disabled={editing}
        error={errors.seasonRewardId}
        hint="Generated when empty."
        onChange={(seasonRewardId) => set({ seasonRewardId })}
      />
      <TextInput
        label="User group"
        value={f.groupId}
        error={errors.groupId}
        hint="Whose monthly board pays; default is every user."
        onChange={(groupId) => set({ groupId })}
      />
      <div className="field-wide">
        <Rows
          legend="Bands"
          hint="Ranks from–to (inclusive) of the closed month's board; each band pays points, a coupon of an offer, or both."
          rows={f.bands}
          error={errors.bands}
          onChange={(bands) => set({ bands })}
          blank={() => ({ fromRank: '', toRank: '', points: '', offerId: '' })}
          addLabel="Add band"
          render={(row, setRow, i) => (
            <>
              <TextInput
                label={`From rank ${i + 1}`}
                type="number"
                value={row.fromRank}
                onChange={(fromRank) => setRow({ ...row, fromRank })}
              />
              <TextInput label="To rank" type="number" value={row.toRank} onChange={(toRank) => setRow({ ...row, toRank })} />
              <TextInput label="Points" type="number" value={row.points} onChange={(points) => setRow({ ...row, points })} />
              <TextInput label="Offer id (coupon)" value={row.offerId} onChange={(offerId) => setRow({ ...row, offerId })} />
            </>
          )}
        />
      </div>
    </div>
  );
}

export const seasonRewardsConfig: ResourceConfig<SeasonReward, SeasonRewardForm> = {
  resource: 'season-reward',
  title: 'Seasons',
  singular: 'Season reward',
  idKey: 'seasonRewardId',
  intro: 'When a month ends, every monthly board is archived and its season rewards pay the ranks of their bands, once.',
  columns: [
    { label: 'Season reward id', render: (r) => <code>{r.seasonRewardId}</code> },
    { label: 'Group', render: (r) => r.groupId },
    { label: 'Bands', render: (r) => r.bands.map(bandText).join(' · ') },
  ],
  blank: () => ({
    seasonRewardId: '',
    groupId: 'default',
    bands: [{ fromRank: '1', toRank: '1', points: '100', offerId: '' }],
    status: 'ACTIVE',
  }),
  toForm: (r) => ({
    seasonRewardId: r.seasonRewardId,
    groupId: r.groupId,
    bands: r.bands.map((b) => ({ fromRank: text(b.fromRank), toRank: text(b.toRank), points: text(b.points), offerId: b.offerId ?? '' })),
    status: 'ACTIVE',
  }),
  toBody: seasonRewardToBody,
  fields: ['seasonRewardId', 'groupId', 'bands'],
  Form: SeasonRewardFields,
  emptyText: <p>No season rewards yet.</p>,
  statusless: true,
};

/** The month before the current one (UTC), YYYY-MM: the latest month that can have closed. */
function lastMonth(now = Date.now()): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** A closed month: its archived board (GET /project/{projectId}/leaderboard/archive) and the points prizes paid. */
function ClosedMonth() {
  const api = useApi();
  const [month, setMonth] = useState(lastMonth);
  const [groupId, setGroupId] = useState('default');
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const q = query({ month, groupId });
  const board = useLoad(valid && groupId ? `${api.projectId}/archive${q}` : null, () =>
    api.get<ArchivedBoard>(`/project/${enc(api.projectId)}/leaderboard/archive${q}`),
  );
  const paid = useLoad(valid ? `${api.projectId}/payouts/${month}` : null, () => api.get<SeasonPayouts>(`/admin/season/${month}/payouts`));
  const payouts = (paid.data?.payouts ?? []).filter((p) => p.groupId === groupId);
  return (
    <section aria-labelledby="closed-month-title">
      <h2 id="closed-month-title">Closed months</h2>
      <div className="row">
        <TextInput label="Month (YYYY-MM)" value={month} error={valid ? null : 'YYYY-MM'} onChange={setMonth} />
        <TextInput label="User group" value={groupId} onChange={setGroupId} />
      </div>
      <div className="cards">
        <div className="card">
          <h3>Archived board</h3>
          {board.loading && !board.data ? (
            <Loading what="Loading the archive" />
          ) : board.error ? (
            board.error.status === 404 ? (
              <Empty>
                No archive of {groupId} for {month}: the month is not closed, or nobody had points.
              </Empty>
            ) : (
              <ErrorBanner error={board.error} />
            )
          ) : !board.data ? null : (
            <>
              <p>
                Closed {formatDate(board.data.archivedAt)}; {board.data.total} ranked.
              </p>
              <table aria-label="Archived board">
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      Rank
                    </th>
                    <th scope="col">User</th>
                    <th scope="col">Display name</th>
                    <th scope="col" className="num">
                      Points
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {board.data.users.map((u) => (
                    <tr key={u.rank}>
                      <td className="num">{u.rank}</td>
                      <td>
                        <a href={href(`users/${encodeURIComponent(u.userId)}`)}>{u.userId}</a>
                      </td>
                      <td>{u.username}</td>
                      <td className="num">{u.points}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </div>
        <div className="card">
          <h3>Points prizes paid</h3>
          {paid.loading && !paid.data ? (
            <Loading what="Loading payouts" />
          ) : paid.error ? (
            <ErrorBanner error={paid.error} />
          ) : payouts.length === 0 ? (
            <Empty>
              No points prizes paid for {groupId} in {month}.
            </Empty>
          ) : (
            <table aria-label="Payouts">
              <thead>
                <tr>
                  <th scope="col">Season reward</th>
                  <th scope="col" className="num">
                    Rank
                  </th>
                  <th scope="col">User</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {payouts.map((p) => (
                  <tr key={`${p.seasonRewardId}-${p.userId}`}>
                    <td>{p.seasonRewardId}</td>
                    <td className="num">{p.rank}</td>
                    <td>{p.userId}</td>
                    <td className="num">{p.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="hint">Coupon prizes are in the users' coupons.</p>
        </div>
      </div>
      <CloseMonth
        month={month}
        valid={valid}
        onClosed={() => {
          board.reload();
          paid.reload();
        }}
      />
    </section>
  );
}

/** POST /admin/season/{month}/close: closes a month now, for testing a programme. */
function CloseMonth({ month, valid, onClosed }: { month: string; valid: boolean; onClosed(): void }) {
  const api = useApi();
  const [state, setState] = useState<{ jobId?: string; error?: ApiError } | null>(null);
  return (
    <div className="row">
      <button
        type="button"
        className="secondary"
        disabled={!valid}
        onClick={async () => {
          try {
            const r = await api.post<{ jobId: string }>(`/admin/season/${month}/close`, undefined);
            setState({ jobId: r.jobId });
            onClosed();
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            setState({ error });
          }
        }}
      >
        Close {month} now (testing)
      </button>
      {state?.jobId && <span role="status">Closing: job {state.jobId}. Reload in a moment.</span>}
      <ErrorBanner error={state?.error} />
    </div>
  );
}

export function SeasonsScreen() {
  return (
    <>
      <ResourceScreen config={seasonRewardsConfig} />
      <ClosedMonth />
    </>
  );
}
