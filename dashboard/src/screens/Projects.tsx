import { useState } from 'react';
import { ApiError } from '../api/client';
import type { Project } from '../api/types';
import type { Column } from '../components/DataTable';
import { ListTable } from '../components/ListTable';
import { Empty, ErrorBanner, Loading, TextInput } from '../components/ui';
import { formatDate, placeError, type FieldErrors } from '../form';
import { useApi, useSession } from '../session';
import { useLoad } from '../useLoad';
import { ProjectSettings } from './ProjectSettings';

const COLUMNS: Array<Column<Project>> = [
  { label: 'Project id', render: (p) => <code>{p.projectId}</code> },
  { label: 'Name', render: (p) => p.name },
  { label: 'Created', render: (p) => formatDate(p.createdAt), csv: (p) => new Date(p.createdAt).toISOString() },
];

/** Projects are tenants: each has its own users, definitions, boards and analytics. */
export function ProjectsScreen({ onChanged }: { onChanged(): void }) {
  const api = useApi();
  const { session, setProject } = useSession();
  const list = useLoad('projects', () => api.get<Project[]>('/admin/project', []));
  const [form, setForm] = useState({ projectId: '', name: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setBanner(null);
    try {
      const created = await api.post<Project>('/admin/project', {
        ...(form.projectId.trim() ? { projectId: form.projectId.trim() } : {}),
        name: form.name,
      });
      setForm({ projectId: '', name: '' });
      list.reload();
      onChanged();
      setProject(created.projectId);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, ['projectId', 'name'], 'projectId');
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Projects</h1>
      </header>
      <p className="intro">Each project is a separate programme. The switcher at the top chooses the project every screen works on.</p>
      <form className="panel inline-form" onSubmit={create} noValidate aria-label="New project">
        <TextInput
          label="Project id"
          value={form.projectId}
          placeholder="generated when empty"
          error={errors.projectId}
          onChange={(projectId) => setForm({ ...form, projectId })}
        />
        <TextInput label="Name" value={form.name} error={errors.name} onChange={(name) => setForm({ ...form, name })} />
        <button type="submit">Create project</button>
      </form>
      <ErrorBanner error={banner} />
      {list.data?.find((p) => p.projectId === session.projectId) && (
        <ProjectSettings project={list.data.find((p) => p.projectId === session.projectId)!} onSaved={() => list.reload()} />
      )}
      {list.loading && !list.data ? (
        <Loading what="Loading projects" />
      ) : list.error ? (
        <ErrorBanner error={list.error} />
      ) : !list.data?.length ? (
        <Empty>No projects.</Empty>
      ) : (
        <ListTable
          caption="Projects"
          csvName="projects.csv"
          columns={COLUMNS}
          rows={list.data}
          rowKey={(p) => p.projectId}
          actions={(p) =>
            p.projectId === session.projectId ? (
              <span className="badge badge-active">current</span>
            ) : (
              <button type="button" className="secondary" onClick={() => setProject(p.projectId)}>
                Switch to
              </button>
            )
          }
        />
      )}
    </section>
  );
}
