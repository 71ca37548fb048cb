import { useState } from 'react';
import { query } from '../api/client';
import type { ListedUser, UserSort } from '../api/types';
import type { Column } from '../components/DataTable';
import { PagedTable } from '../components/PagedTable';
import { Select, TextInput } from '../components/ui';
import { formatDate } from '../form';
import { href, navigate } from '../router';
import { useApi } from '../session';
import { BulkAdjustments } from './BulkAdjustments';

const COLUMNS: Array<Column<ListedUser>> = [
  { label: 'User', render: (u) => <a href={href(`users/${encodeURIComponent(u.userId)}`)}>{u.userId}</a>, csv: (u) => u.userId },
  { label: 'Points', render: (u) => u.points.toLocaleString('en'), csv: (u) => u.points, num: true },
  {
    label: 'Last active',
    render: (u) => (u.lastActiveAt === null ? 'never' : formatDate(u.lastActiveAt)),
    csv: (u) => (u.lastActiveAt === null ? '' : new Date(u.lastActiveAt).toISOString()),
  },
  { label: 'Created', render: (u) => formatDate(u.createdAt), csv: (u) => new Date(u.createdAt).toISOString() },
];

const SORTS: Array<{ value: UserSort; label: string }> = [
  { value: 'createdAt', label: 'Newest first' },
  { value: 'points', label: 'Most points' },
  { value: 'lastActive', label: 'Recently active' },
];

/** GET /admin/user: search by id prefix, sort, page; opening an id that is not listed is the secondary way in. */
export function UsersList() {
  const api = useApi();
  const [prefix, setPrefix] = useState('');
  const [sort, setSort] = useState<UserSort>('createdAt');
  const [open, setOpen] = useState('');
  const params = { prefix: prefix.trim(), sort };
  return (
    <>
      <div className="panel filters" role="search" aria-label="Search users">
        <TextInput label="User id starts with" value={prefix} onChange={setPrefix} />
        <Select<UserSort> label="Sort" value={sort} options={SORTS} onChange={setSort} />
      </div>
      <PagedTable
        loadKey={`${api.projectId}/users${query(params)}`}
        caption="Users"
        csvName="users.csv"
        columns={COLUMNS}
        rowKey={(u) => u.userId}
        empty={
          prefix ? `No user id starts with “${prefix}”.` : 'No users yet: your app creates them (POST /user) before their first event.'
        }
        fetchPage={async (cursor) => {
          const page = await api.get<{ users: ListedUser[]; nextCursor: string | null }>(
            `/admin/user${query({ ...params, cursor, limit: 50 })}`,
          );
          return { rows: page.users, nextCursor: page.nextCursor };
        }}
      />
      <details className="panel">
        <summary>Open a user by exact id</summary>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (open.trim()) navigate(`users/${encodeURIComponent(open.trim())}`);
          }}
        >
          <TextInput label="User id" value={open} placeholder="the id your app uses" onChange={setOpen} />
          <button type="submit" className="secondary">
            Open
          </button>
        </form>
      </details>
      <BulkAdjustments />
    </>
  );
}
