import { Type, type Static } from 'typebox';
import { RESOURCE_ID_PATTERN } from '../../platform/ids.js';

const Text = Type.String({ maxLength: 2000 });

/** Title of a user group: default and de required, en optional (docs/api.md, User groups). */
export const GroupTitle = Type.Object(
  { default: Type.String({ minLength: 1, maxLength: 2000 }), de: Type.String({ minLength: 1, maxLength: 2000 }), en: Type.Optional(Text) },
  { additionalProperties: false },
);
export const GroupDescription = Type.Object(
  { default: Type.Optional(Text), de: Type.Optional(Text), en: Type.Optional(Text) },
  { additionalProperties: false },
);

export const UserGroupId = Type.String({
  pattern: RESOURCE_ID_PATTERN,
  description: 'Letters, digits, _ and -; at most 128. Generated as ug_… when omitted; "default" is reserved.',
});

export const CreateUserGroupBody = Type.Object(
  { title: GroupTitle, description: Type.Optional(GroupDescription), userGroupId: Type.Optional(UserGroupId) },
  { additionalProperties: false },
);
export type CreateUserGroupBody = Static<typeof CreateUserGroupBody>;

export const UpdateUserGroupBody = Type.Object(
  {
    title: GroupTitle,
    description: Type.Optional(GroupDescription),
    userGroupId: Type.Optional(UserGroupId),
    status: Type.Optional(Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')])),
  },
  { additionalProperties: false },
);
export type UpdateUserGroupBody = Static<typeof UpdateUserGroupBody>;

export const UserGroup = Type.Object({
  userGroupId: Type.String(),
  title: Type.Object({ default: Type.String(), de: Type.String(), en: Type.Optional(Type.String()) }),
  description: Type.Object({ default: Type.String(), de: Type.String(), en: Type.String() }),
  status: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type UserGroup = Static<typeof UserGroup>;

export const CreatedUserGroup = Type.Object({ message: Type.String(), userGroupId: Type.String(), createdAt: Type.Integer() });
