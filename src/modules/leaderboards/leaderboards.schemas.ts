import { Type } from 'typebox';

/** Request and response schemas of the leaderboard routes (CONTRACT.md section 4, Leaderboards). */

const Period = {
  month: Type.Optional(Type.String({ description: 'YYYY-MM: a monthly board (any month). Not together with timeframe.' })),
  timeframe: Type.Optional(Type.String({ description: '7d, 30d or 365d: a rolling window. Not together with month.' })),
};

export const BoardQuery = Type.Object({
  groupId: Type.String({ minLength: 1, maxLength: 128, description: 'User group; `default` is every user' }),
  ...Period,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 })),
});

export const PersonalQuery = Type.Object({
  groupId: Type.String({ minLength: 1, maxLength: 128 }),
  ...Period,
  around: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, default: 2, description: 'Neighbours shown before and after the user' })),
});

export const RankQuery = Type.Object({
  groupId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, default: 'default' })),
});

export const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 128 }) });

export const LeaderboardEntry = Type.Object({
  userId: Type.Union([Type.String(), Type.Null()], { description: 'null for anonymous users in other users’ personalized views' }),
  username: Type.String(),
  points: Type.Number(),
  rank: Type.Integer({ description: '1 is first place' }),
});

const PeriodOut = {
  groupId: Type.String(),
  month: Type.Optional(Type.String()),
  timeframe: Type.Optional(Type.String()),
};

export const FullBoard = Type.Object({
  users: Type.Array(LeaderboardEntry),
  total: Type.Integer({ description: 'Ranked users (points > 0 in the period)' }),
  ...PeriodOut,
});

export const PersonalBoard = Type.Object({
  topUsers: Type.Array(LeaderboardEntry),
  usersBefore: Type.Array(LeaderboardEntry),
  currentUser: Type.Object({
    userId: Type.String(),
    username: Type.String(),
    points: Type.Number(),
    rank: Type.Union([Type.Integer(), Type.Null()], { description: 'null when the user has no points in the period' }),
  }),
  usersAfter: Type.Array(LeaderboardEntry),
  total: Type.Integer(),
  ...PeriodOut,
});

const WindowRank = Type.Object({ rank: Type.Union([Type.Integer(), Type.Null()]), points: Type.Number() });
export const Ranks = Type.Object({
  userId: Type.String(),
  groupId: Type.String(),
  ranks: Type.Object({ '7d': WindowRank, '30d': WindowRank, '365d': WindowRank }),
});

export const JoinBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Display name; defaults to the userId' })),
    anonymous: Type.Optional(Type.Boolean({ description: 'Shown as "Anonymous" with userId null to other users' })),
  },
  { additionalProperties: false },
);

export const Profile = Type.Object({ userId: Type.String(), username: Type.String(), anonymous: Type.Boolean() });
