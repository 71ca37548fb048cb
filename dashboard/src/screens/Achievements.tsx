import type { Achievement, AchievementKind, Status } from '../api/types';
import { LazyChartCard } from '../components/LazyChart';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { Checkbox, LanguageMapInput, Rows, Select, TextInput } from '../components/ui';
import { cleanLanguageMap, compact, numberField, pickLanguage, text } from '../form';
import { BackfillProgressCell } from './AchievementBackfill';

/** The criteria kinds in the order the form offers them, with what each counts (docs/achievements.md). */
export const KINDS: ReadonlyArray<{ value: AchievementKind; label: string }> = [
  { value: 'eventCount', label: 'Events counted' },
  { value: 'metadataSum', label: 'Sum of a metadata field' },
  { value: 'lifetimeEarned', label: 'Points earned in all' },
  { value: 'streakLength', label: 'Longest run of a streak' },
  { value: 'challengeCompleted', label: 'Challenges completed' },
  { value: 'boardRank', label: 'Rank on a closed month’s board (top N)' },
];

/** The criteria fields each kind takes besides its threshold. */
const KIND_FIELDS: Record<AchievementKind, ReadonlyArray<'eventId' | 'field' | 'streakId' | 'challengeId' | 'seriesId' | 'groupId'>> = {
  eventCount: ['eventId'],
  metadataSum: ['eventId', 'field'],
  lifetimeEarned: [],
  streakLength: ['streakId'],
  challengeCompleted: ['challengeId', 'seriesId'],
  boardRank: ['groupId'],
};

export interface AchievementForm {
  achievementId: string;
  title: Record<string, string>;
  description: Record<string, string>;
  image: string;
  kind: AchievementKind;
  eventId: string;
  field: string;
  streakId: string;
  challengeId: string;
  seriesId: string;
  groupId: string;
  /** The one level's threshold, when there are no level rows. */
  threshold: string;
  levels: Array<{ level: string; threshold: string; title: string; points: string }>;
  points: string;
  secret: boolean;
  backfillPoints: boolean;
  status: Status;
}

export function achievementToBody(f: AchievementForm): Record<string, unknown> {
  const criteria: Record<string, unknown> = { kind: f.kind };
  for (const name of KIND_FIELDS[f.kind]) if (f[name].trim() !== '') criteria[name] = f[name].trim();
  const levels = f.levels.filter((l) => l.threshold.trim() !== '');
  if (levels.length === 0) criteria.threshold = numberField(f.threshold);
  return compact({
    achievementId: f.achievementId.trim() || undefined,
    title: cleanLanguageMap(f.title) ?? {},
    description: cleanLanguageMap(f.description),
    image: f.image.trim() || undefined,
    criteria,
    levels:
      levels.length === 0
        ? undefined
        : levels.map((l) =>
            compact({
              level: numberField(l.level),
              threshold: numberField(l.threshold),
              title: l.title.trim() ? { en: l.title.trim() } : undefined,
              points: numberField(l.points),
            }),
          ),
    points: numberField(f.points),
    secret: f.secret,
    backfillPoints: f.backfillPoints,
    status: f.status,
  });
}

const LABELS = {
  eventId: 'Event id',
  field: 'Metadata field',
  streakId: 'Streak id',
  challengeId: 'Challenge id',
  seriesId: 'Series id',
  groupId: 'User group',
};

function AchievementFields({ value: f, set, errors, editing }: FormProps<AchievementForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="Achievement id"
        value={f.achievementId}
        disabled={editing}
        error={errors.achievementId}
        hint="Generated when empty."
        onChange={(achievementId) => set({ achievementId })}
      />
      <Select<AchievementKind>
        label="Counts"
        value={f.kind}
        options={KINDS}
        error={errors.criteria}
        hint="Saving starts a backfill: users who already meet it get it at once."
        onChange={(kind) => set({ kind })}
      />
      <div className="field-wide">
        <LanguageMapInput label="Title" value={f.title} error={errors.title} onChange={(title) => set({ title })} />
      </div>
      <div className="field-wide">
        <LanguageMapInput
          label="Description"
          value={f.description}
          error={errors.description}
          onChange={(description) => set({ description })}
        />
      </div>
      {KIND_FIELDS[f.kind].map((name) => (
        <TextInput
          key={name}
          label={LABELS[name]}
          value={f[name]}
          hint={name === 'challengeId' || name === 'seriesId' ? 'One of challenge id or series id.' : undefined}
          onChange={(v) => set({ [name]: v } as Partial<AchievementForm>)}
        />
      ))}
      <TextInput
        label={f.kind === 'boardRank' ? 'Top N (without levels)' : 'Threshold (without levels)'}
        type="number"
        value={f.threshold}
        error={errors.levels}
        onChange={(threshold) => set({ threshold })}
      />
      <TextInput label="Points per level" type="number" value={f.points} error={errors.points} onChange={(points) => set({ points })} />
      <TextInput label="Image URL" value={f.image} error={errors.image} onChange={(image) => set({ image })} />
      <Checkbox label="Secret until unlocked" checked={f.secret} onChange={(secret) => set({ secret })} />
      <Checkbox label="Backfilled unlocks pay points" checked={f.backfillPoints} onChange={(backfillPoints) => set({ backfillPoints })} />
      <div className="field-wide">
        <Rows
          legend="Levels"
          hint={
            f.kind === 'boardRank'
              ? 'Higher levels need a better rank (top 10, top 3, top 1).'
              : 'Thresholds rise with the level (bronze 10, silver 50, gold 100).'
          }
          rows={f.levels}
          error={errors.levels}
          onChange={(levels) => set({ levels })}
          blank={() => ({ level: String(f.levels.length + 1), threshold: '', title: '', points: '' })}
          addLabel="Add level"
          render={(row, setRow, i) => (
            <>
              <TextInput label={`Level ${i + 1}`} type="number" value={row.level} onChange={(level) => setRow({ ...row, level })} />
              <TextInput label="Threshold" type="number" value={row.threshold} onChange={(threshold) => setRow({ ...row, threshold })} />
              <TextInput label="Name" value={row.title} onChange={(title) => setRow({ ...row, title })} />
              <TextInput label="Points" type="number" value={row.points} onChange={(points) => setRow({ ...row, points })} />
            </>
          )}
        />
      </div>
    </div>
  );
}

function levelsText(a: Achievement): string {
  const levels = a.levels ?? [{ level: 1, threshold: a.criteria.threshold ?? 0 }];
  return levels.map((l) => `${l.level}: ${l.threshold}`).join(' · ');
}

/** Rarity per level of each achievement someone unlocked: the percentage of the project's users who have the level. */
function RarityCharts({ items }: { items: Achievement[] }) {
  const unlocked = items.filter((a) => Object.values(a.rarityByLevel ?? {}).some((r) => r > 0));
  if (unlocked.length === 0) return null;
  return (
    <div className="cards" data-testid="achievement-rarity">
      {unlocked.map((a) => (
        <LazyChartCard
          key={a.achievementId}
          title={`${pickLanguage(a.title) || a.achievementId}: users with each level (%)`}
          layout="vertical"
          data={(a.levels ?? [{ level: 1, threshold: a.criteria.threshold ?? 0 }]).map((l) => ({
            label: 'title' in l && l.title ? pickLanguage(l.title) : `level ${l.level}`,
            percent: Math.round((a.rarityByLevel?.[String(l.level)] ?? 0) * 1000) / 10,
          }))}
          series={[{ key: 'percent', label: '% of users' }]}
        />
      ))}
    </div>
  );
}

export const achievementsConfig: ResourceConfig<Achievement, AchievementForm> = {
  resource: 'achievement',
  title: 'Achievements',
  singular: 'Achievement',
  idKey: 'achievementId',
  intro:
    'Badges users collect, with levels, rarity and secret ones; rarity is in GET /achievement/{id}. Saving an active one starts a ' +
    'backfill that awards it to users who already meet it: its progress shows in the list.',
  columns: [
    { label: 'Achievement id', render: (a) => <code>{a.achievementId}</code> },
    { label: 'Title', render: (a) => pickLanguage(a.title) },
    { label: 'Counts', render: (a) => KINDS.find((k) => k.value === a.criteria.kind)?.label ?? a.criteria.kind },
    { label: 'Levels', render: levelsText },
    { label: 'Secret', render: (a) => (a.secret ? 'yes' : 'no') },
    { label: 'Backfill', render: (a) => <BackfillProgressCell achievement={a} /> },
  ],
  blank: () => ({
    achievementId: '',
    title: { de: '', en: '' },
    description: { de: '', en: '' },
    image: '',
    kind: 'eventCount',
    eventId: '',
    field: '',
    streakId: '',
    challengeId: '',
    seriesId: '',
    groupId: '',
    threshold: '1',
    levels: [],
    points: '',
    secret: false,
    backfillPoints: false,
    status: 'ACTIVE',
  }),
  toForm: (a) => ({
    achievementId: a.achievementId,
    title: { de: '', en: '', ...a.title },
    description: { de: '', en: '', ...a.description },
    image: a.image ?? '',
    kind: a.criteria.kind,
    eventId: a.criteria.eventId ?? '',
    field: a.criteria.field ?? '',
    streakId: a.criteria.streakId ?? '',
    challengeId: a.criteria.challengeId ?? '',
    seriesId: a.criteria.seriesId ?? '',
    groupId: a.criteria.groupId ?? '',
    threshold: text(a.criteria.threshold),
    levels: (a.levels ?? []).map((l) => ({
      level: text(l.level),
      threshold: text(l.threshold),
      title: pickLanguage(l.title ?? {}),
      points: text(l.points),
    })),
    points: text(a.points),
    secret: a.secret,
    backfillPoints: a.backfillPoints,
    status: a.status ?? 'ACTIVE',
  }),
  toBody: achievementToBody,
  fields: ['achievementId', 'title', 'description', 'image', 'criteria', 'levels', 'points', 'secret', 'backfillPoints'],
  Form: AchievementFields,
  deactivateEffect: 'Users stop unlocking it and it is no longer listed to them.',
  Summary: RarityCharts,
  emptyText: <p>No achievements yet.</p>,
};

export function AchievementsScreen() {
  return <ResourceScreen config={achievementsConfig} />;
}
