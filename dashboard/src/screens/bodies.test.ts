import { describe, expect, it } from 'vitest';
import type { Offer, UserGroup } from '../api/types';
import { conditionsToBody, conditionsToForm, conditionValue } from '../components/ConditionsEditor';
import { challengesConfig, challengeToBody } from './Challenges';
import { offerToBody, offersConfig } from './Offers';
import { streaksConfig, streakToBody } from './Streaks';
import { surveysConfig, surveyToBody } from './Surveys';
import { userGroupsConfig } from './UserGroups';

describe('condition values', () => {
  it('types what the operator typed', () => {
    expect(conditionValue('greater_than', ' 10 ')).toBe(10);
    expect(conditionValue('equals', 'true')).toBe(true);
    expect(conditionValue('equals', 'berlin')).toBe('berlin');
    expect(conditionValue('in', 'gold, silver,,')).toEqual(['gold', 'silver']);
    expect(conditionValue('exists', '')).toBe(true);
  });
  it('round-trips conditions through the form', () => {
    const c = {
      type: 'OR' as const,
      conditions: [
        { field: 'store', operator: 'in' as const, value: ['a', 'b'] },
        { field: 'amount', operator: 'less_than' as const, value: 5 },
      ],
    };
    expect(conditionsToBody(conditionsToForm(c))).toEqual(c);
    expect(conditionsToBody({ type: 'AND', rows: [] })).toBeUndefined();
  });
});

describe('request bodies', () => {
  it('sends a series step only with a series id, dates as UTC ms', () => {
    const form = { ...challengesConfig.blank(), title: { de: 'Fünf', en: '' }, eventId: 'purchase', startDate: '2026-03-01T00:00' };
    expect(challengeToBody(form)).toEqual({
      title: { de: 'Fünf' },
      type: 'FIXED',
      eventId: 'purchase',
      goal: 5,
      points: 50,
      startDate: Date.UTC(2026, 2, 1),
      status: 'ACTIVE',
    });
    expect(challengeToBody({ ...form, currency: 'xp' })).toMatchObject({ points: 50, currency: 'xp' });
    expect(challengeToBody({ ...form, seriesId: 's1', step: '2', isLastStep: true })).toMatchObject({
      seriesId: 's1',
      step: 2,
      isLastStep: true,
    });
  });

  it('round-trips a streak, an offer and a user group through their forms', () => {
    // A streak as the API returns it: `freezes: null` when it has none (the form sends it back so a PUT clears them).
    const streak = {
      streakId: 'daily',
      title: { en: 'Daily' },
      description: { en: 'Come back' },
      timeFrame: 'daily' as const,
      eventIds: ['visit'],
      milestones: [
        { count: 7, points: 50 },
        { count: 30, points: 200, currency: 'xp' },
      ],
      freezes: null,
      status: 'ACTIVE' as const,
    };
    expect(streakToBody(streaksConfig.toForm({ ...streak, createdAt: 1, updatedAt: 1 }))).toEqual(streak);
    const offer = {
      offerId: 'coffee',
      type: 'LOCAL',
      points: 100,
      currency: 'coins',
      title: { de: 'Kaffee' },
      shopId: 'bakery',
      monthlyLimit: 50,
      couponValidityDays: 30,
      validUntil: Date.UTC(2026, 5, 1),
      status: 'INACTIVE' as const,
    };
    expect(offerToBody(offersConfig.toForm(offer as unknown as Offer))).toEqual(offer); // a partial answer: the fields the form reads
    const group = { userGroupId: 'gold', title: { default: 'Gold', de: 'Gold' }, description: {}, status: 'ACTIVE' as const, createdAt: 1 };
    expect(userGroupsConfig.toBody(userGroupsConfig.toForm(group as unknown as UserGroup))).toEqual({
      userGroupId: 'gold',
      title: { default: 'Gold', de: 'Gold' },
      status: 'ACTIVE',
    });
  });

  it('sends survey options and points as numbers', () => {
    expect(
      surveyToBody({
        surveyId: '',
        title: 'Q?',
        description: '',
        type: 'MULTIPLE',
        options: [{ optionId: ' a ', label: 'A' }],
        validFrom: '',
        validUntil: '',
        points: '5',
        currency: 'points',
        status: 'ACTIVE',
      }),
    ).toEqual({ title: 'Q?', type: 'MULTIPLE', options: [{ optionId: 'a', label: 'A' }], points: 5, status: 'ACTIVE' });
    expect(surveyToBody({ ...surveysConfig.blank(), title: 'Q?', currency: 'xp' })).toMatchObject({ points: 10, currency: 'xp' });
  });
});
