import type { Status, UserGroup } from '../api/types';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { LanguageMapInput, TextInput } from '../components/ui';
import { cleanLanguageMap, compact } from '../form';

export interface UserGroupForm {
  userGroupId: string;
  title: Record<string, string>;
  description: Record<string, string>;
  status: Status;
}

export function userGroupToBody(f: UserGroupForm): Record<string, unknown> {
  return compact({
    userGroupId: f.userGroupId.trim() || undefined,
    title: cleanLanguageMap(f.title) ?? {},
    description: cleanLanguageMap(f.description),
    status: f.status,
  });
}

function UserGroupFields({ value: f, set, errors, editing }: FormProps<UserGroupForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="User group id"
        value={f.userGroupId}
        disabled={editing}
        error={errors.userGroupId}
        hint="Used in metadata.usergroup and as the leaderboard groupId. Generated (ug_…) when empty; “default” is reserved."
        wide
        onChange={(userGroupId) => set({ userGroupId })}
      />
      <div className="field-wide">
        <LanguageMapInput
          label="Title"
          languages={['default', 'de', 'en']}
          required={['default', 'de']}
          value={f.title}
          error={errors.title}
          onChange={(title) => set({ title })}
        />
      </div>
      <div className="field-wide">
        <LanguageMapInput
          label="Description"
          languages={['default', 'de', 'en']}
          value={f.description}
          error={errors.description}
          onChange={(description) => set({ description })}
        />
      </div>
    </div>
  );
}

export const userGroupsConfig: ResourceConfig<UserGroup, UserGroupForm> = {
  resource: 'usergroup',
  title: 'User groups',
  singular: 'User group',
  idKey: 'userGroupId',
  intro: 'Segments of users with their own rewards, leaderboards and analytics.',
  columns: [
    { label: 'Group id', render: (g) => <code>{g.userGroupId}</code> },
    { label: 'Title', render: (g) => g.title?.default },
    { label: 'de / en', render: (g) => `${g.title?.de ?? ''} / ${g.title?.en ?? ''}` },
  ],
  blank: () => ({
    userGroupId: '',
    title: { default: '', de: '', en: '' },
    description: { default: '', de: '', en: '' },
    status: 'ACTIVE',
  }),
  toForm: (g) => ({
    userGroupId: g.userGroupId,
    title: { en: '', ...g.title },
    description: { ...g.description },
    status: g.status ?? 'ACTIVE',
  }),
  toBody: userGroupToBody,
  fields: ['userGroupId', 'title', 'description'],
  Form: UserGroupFields,
  emptyText: <p>No user groups yet. Every user is in the “default” group.</p>,
};

export function UserGroupsScreen() {
  return <ResourceScreen config={userGroupsConfig} />;
}
