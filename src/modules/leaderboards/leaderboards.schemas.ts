import { Type } from 'typebox';

/** Request and response schemas of the leaderboard routes (docs/api.md, Leaderboards). */

const Period = {
  month: Type.Optional(Type.String({ description: 'YYYY-MM: a monthly board (any month). Not together with timeframe.' })),
  timeframe: Type.Optional(Type.String({ description: '7d, 30d or 365d: a rolling window. Not together with month.' })),
};

/** The currency whose boards are read (decision 297). */
const CurrencyParam = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The currency whose board is read (default `points`): a currency of the project, else 400 UNKNOWN_CURRENCY',
  }),
);

export const BoardQuery = Type.Object({
  groupId: Type.String({ minLength: 1, maxLength: 128, description: 'User group; `default` is every user' }),
  ...Period,
  currency: CurrencyParam,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 })),
});

export const PersonalQuery = Type.Object({
  groupId: Type.String({ minLength: 1, maxLength: 128 }),
  ...Period,
  currency: CurrencyParam,
  around: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, default: 2, description: 'Neighbours shown before and after the user' })),
});

export const RankQuery = Type.Object({
  groupId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, default: 'default' })),
  currency: CurrencyParam,
});

export const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 128 }) });

export const LeaderboardEntry = Type.Object({
  userId: Type.Union([Type.String(), Type.Null()], { description: 'null for anonymous users in other users’ personalized views' }),
  username: Type.String(),
  points: Type.Number(),
  rank: Type.Integer({ description: '1 is first place' }),
});

const CurrencyOut = Type.Optional(Type.String({ description: 'The currency of the board, when the request named one' }));

const PeriodOut = {
  groupId: Type.String(),
  currency: CurrencyOut,
  month: Type.Optional(Type.String()),
  timeframe: Type.Optional(Type.String()),
};

export const FullBoard = Type.Object(
  {
    users: Type.Array(LeaderboardEntry),
    total: Type.Integer({ description: 'Ranked users (points > 0 in the period)' }),
    ...PeriodOut,
  },
  {
    examples: [
      {
        users: [
          { userId: 'alice', username: 'Alice', points: 1250, rank: 1 },
          { userId: 'bob', username: 'Bob', points: 980, rank: 2 },
        ],
        total: 2,
        groupId: 'default',
        month: '2026-11',
      },
    ],
  },
);

export const PersonalBoard = Type.Object(
  {
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
  },
  {
    examples: [
      {
        topUsers: [
          { userId: 'alice', username: 'Alice', points: 1250, rank: 1 },
          { userId: null, username: 'Anonymous', points: 980, rank: 2 },
          { userId: 'carol', username: 'Carol', points: 640, rank: 3 },
        ],
        usersBefore: [{ userId: 'dave', username: 'Dave', points: 410, rank: 4 }],
        currentUser: { userId: 'erin', username: 'Erin', points: 380, rank: 5 },
        usersAfter: [{ userId: 'frank', username: 'Frank', points: 120, rank: 6 }],
        total: 6,
        groupId: 'default',
        timeframe: '7d',
      },
    ],
  },
);

const WindowRank = Type.Object({ rank: Type.Union([Type.Integer(), Type.Null()]), points: Type.Number() });
export const Ranks = Type.Object({
  userId: Type.String(),
  groupId: Type.String(),
  currency: CurrencyOut,
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
