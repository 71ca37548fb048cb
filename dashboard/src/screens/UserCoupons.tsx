import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import type { Coupon } from '../api/types';
import type { Column } from '../components/DataTable';
import { ListTable } from '../components/ListTable';
import { Empty, ErrorBanner, Loading, TextInput } from '../components/ui';
import { compact, formatDate, localInputToMs, msToLocalInput, placeError, type FieldErrors } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

const COLUMNS: Array<Column<Coupon>> = [
  { label: 'Coupon', render: (c) => <code>{c.SK.replace(/^COUPON#/, '')}</code> },
  {
    label: 'Title',
    render: (c) => (
      <>
        {c.title}
        {c.description && <small className="muted"> — {c.description}</small>}
      </>
    ),
    csv: (c) => (c.description ? `${c.title} — ${c.description}` : c.title),
  },
  { label: 'Valid until', render: (c) => formatDate(c.validUntil), csv: (c) => (c.validUntil ? new Date(c.validUntil).toISOString() : '') },
];

/** The user's active coupons, and POST /admin/coupon to issue one straight to the user. */
export function CouponsCard({ userId }: { userId: string }) {
  const api = useApi();
  const res = useLoad(`${api.projectId}/${userId}/coupon`, () => api.get<Coupon[]>(`/user/${enc(userId)}/coupon`, []));
  const in30Days = Date.now() + 30 * 86_400_000;
  const [form, setForm] = useState({ title: '', description: '', validUntil: msToLocalInput(in30Days - (in30Days % 60_000)) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);

  async function issue(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setBanner(null);
    try {
      await api.post(
        '/admin/coupon',
        compact({ userId, title: form.title, description: form.description, validUntil: localInputToMs(form.validUntil), metadata: {} }),
      );
      setForm({ ...form, title: '', description: '' });
      res.reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, ['title', 'description', 'validUntil']);
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
    }
  }

  return (
    <div className="card">
      <h2>Coupons</h2>
      {res.loading && !res.data ? (
        <Loading what="Loading coupons" />
      ) : res.error ? (
        <ErrorBanner error={res.error} />
      ) : !res.data?.length ? (
        <Empty>No active coupons.</Empty>
      ) : (
        <ListTable
          caption={`Coupons of ${userId}`}
          csvName={`coupons-${userId}.csv`}
          columns={COLUMNS}
          rows={res.data}
          rowKey={(c) => c.SK}
        />
      )}
      <form className="inline-form" onSubmit={issue} noValidate aria-label="Issue a coupon">
        <TextInput label="Coupon title" value={form.title} error={errors.title} onChange={(title) => setForm({ ...form, title })} />
        <TextInput
          label="Description"
          value={form.description}
          error={errors.description}
          onChange={(description) => setForm({ ...form, description })}
        />
        <TextInput
          label="Valid until (UTC)"
          type="datetime-local"
          value={form.validUntil}
          error={errors.validUntil}
          onChange={(validUntil) => setForm({ ...form, validUntil })}
        />
        <button type="submit" className="secondary">
          Issue coupon
        </button>
      </form>
      <ErrorBanner error={banner} />
    </div>
  );
}
