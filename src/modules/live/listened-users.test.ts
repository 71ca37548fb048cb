import { describe, expect, it } from 'vitest';
import { flagsMayChange } from './listened-users.js';
import type { Delivered } from './live-transport.js';

const up = { hasUnseenRewards: true, hasUnseenChallenges: true, hasUnseenSurveys: false, hasUnseenAchievements: true };
const m = (event: string, data: object = {}): Delivered => ({ id: '1-1', event, data: JSON.stringify(data) });
const points = (type: string) => m('points.changed', { currency: 'points', delta: 5, balance: 5, source: { type, id: 'x' } });

describe('flagsMayChange: whether a user’s flags are read again after its messages (decision 292)', () => {
  it('reads them when they were never read', () => {
    expect(flagsMayChange(null, [m('streak.updated')])).toBe(true);
  });

  it('does not read them when each message can only set a flag that is set already', () => {
    expect(
      flagsMayChange(up, [
        points('EVENT'),
        m('challenge.progress'),
        m('challenge.completed'),
        m('streak.updated'),
        m('achievement.unlocked'),
      ]),
    ).toBe(false);
  });

  it('reads them when a message may set a flag that is not set', () => {
    expect(flagsMayChange({ ...up, hasUnseenRewards: false }, [points('EVENT')])).toBe(true);
    expect(flagsMayChange({ ...up, hasUnseenChallenges: false }, [m('challenge.progress')])).toBe(true);
    expect(flagsMayChange({ ...up, hasUnseenAchievements: false }, [m('streak.updated'), m('achievement.unlocked')])).toBe(true);
  });

  it('reads them after a survey’s points while the surveys flag is set (answering may clear it), and after a tier change', () => {
    expect(flagsMayChange({ ...up, hasUnseenSurveys: true }, [points('SURVEY')])).toBe(true);
    expect(flagsMayChange({ ...up, hasUnseenSurveys: true }, [points('EVENT')])).toBe(false);
    expect(flagsMayChange(up, [m('tier.changed')])).toBe(true);
  });
});
