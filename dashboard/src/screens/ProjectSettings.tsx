import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import type { Project } from '../api/types';
import { Checkbox, ErrorBanner, TextInput } from '../components/ui';
import { placeError, type FieldErrors } from '../form';
import { useApi } from '../session';

interface SettingsForm {
  tierWindowMonths: string;
  tierGraceMonths: string;
  expires: boolean;
  afterDays: string;
  autoCreateUsers: boolean;
}

const toForm = (p: Project): SettingsForm => ({
  tierWindowMonths: String(p.tierWindow?.months ?? 12),
  tierGraceMonths: String(p.tierGraceMonths ?? 1),
  expires: Boolean(p.pointsExpiry),
  afterDays: p.pointsExpiry ? String(p.pointsExpiry.afterDays) : '365',
  autoCreateUsers: p.autoCreateUsers ?? false,
});

/** The body of PUT /admin/project/{id}: the name as it is, and every setting of the form. */
export function settingsToBody(name: string, f: SettingsForm) {
  return {
    name,
    tierWindow: { months: Number(f.tierWindowMonths) },
    tierGraceMonths: Number(f.tierGraceMonths),
    pointsExpiry: f.expires ? { afterDays: Number(f.afterDays) } : null,
    autoCreateUsers: f.autoCreateUsers,
  };
}

/** The settings of one project: the tier window and grace, points expiry (docs/loyalty-economics.md), users created by events. */
export function ProjectSettings({ project, onSaved }: { project: Project; onSaved(p: Project): void }) {
  const api = useApi();
  const [form, setForm] = useState(() => toForm(project));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setForm(toForm(project)), [project]);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setBanner(null);
    setSaved(false);
    try {
      const updated = await api.put<Project>(`/admin/project/${encodeURIComponent(project.projectId)}`, settingsToBody(project.name, form));
      setSaved(true);
      onSaved(updated);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, ['tierWindow', 'tierGraceMonths', 'pointsExpiry']);
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
    }
  }

  return (
    <form className="panel" onSubmit={save} noValidate aria-label={`Settings of ${project.projectId}`}>
      <h2>Settings of {project.name}</h2>
      <TextInput
        label="Tier window (months)"
        type="number"
        min={1}
        value={form.tierWindowMonths}
        error={errors.tierWindow}
        onChange={(tierWindowMonths) => setForm({ ...form, tierWindowMonths })}
      />
      <TextInput
        label="Tier grace (monthly checks)"
        type="number"
        min={0}
        value={form.tierGraceMonths}
        error={errors.tierGraceMonths}
        onChange={(tierGraceMonths) => setForm({ ...form, tierGraceMonths })}
      />
      <Checkbox
        label="Points expire"
        checked={form.expires}
        onChange={(expires) => setForm({ ...form, expires })}
        hint="Each credit expires at the end of the UTC day this many days after it was earned"
      />
      {form.expires && (
        <TextInput
          label="Expire after (days)"
          type="number"
          min={1}
          value={form.afterDays}
          error={errors.pointsExpiry}
          onChange={(afterDays) => setForm({ ...form, afterDays })}
        />
      )}
      <Checkbox
        label="Create users from their first event"
        checked={form.autoCreateUsers}
        onChange={(autoCreateUsers) => setForm({ ...form, autoCreateUsers })}
        hint="Off: an event of an unknown user is refused (404) until POST /user creates it. On: the event creates the user."
      />
      <button type="submit">Save settings</button>
      {saved && <p role="status">Settings saved.</p>}
      <ErrorBanner error={banner} />
    </form>
  );
}
