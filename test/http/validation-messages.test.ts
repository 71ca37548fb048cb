import { expect, it } from 'vitest';
import { schemaErrorFormatter, validationMessage } from '../../src/http/validation.js';
import { describeSharedApp } from '../helpers/test-app.js';

describeSharedApp('validation messages name the field, the allowed values and an unknown field', (t) => {
  it('lists the allowed values of an enum', async () => {
    const res = await t.admin('POST', '/admin/event', { eventId: 'tap', title: 'Tap', reward: { default: 1 }, type: 'FIXD' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: 'body/type must be one of the allowed values: FIXED, TRANSACTION, CONDITIONAL',
    });
    expect((await t.admin('GET', '/admin/event/tap')).statusCode).toBe(404);
  });

  it('names an unknown body field', async () => {
    const res = await t.inject({ method: 'POST', url: '/user', headers: await t.auth('ann'), payload: { userId: 'ann', nickname: 'Ann' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: "body must NOT have additional properties: 'nickname' is not a known field",
    });
  });

  it('names a nested field and a missing one by their path', async () => {
    const wrongType = await t.admin('POST', '/admin/event', { eventId: 'tap', title: 'Tap', reward: { default: 'ten' } });
    expect(wrongType.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'body/reward/default must be number' });
    const missing = await t.admin('POST', '/admin/event', { eventId: 'tap', reward: { default: 1 } });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: "body must have required property 'title'" });
  });

  it('names a query parameter and its allowed values', async () => {
    const res = await t.admin('GET', '/admin/event-log?outcome=WON');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'querystring/outcome must be one of the allowed values: AWARDED, CONDITION_FAILED, LIMIT_REACHED, REJECTED',
    );
  });
});

it('keeps Ajv words for other keywords and shows non-string allowed values as JSON', () => {
  expect(
    validationMessage(
      { keyword: 'minLength', instancePath: '/title', params: { limit: 1 }, message: 'must NOT have fewer than 1 characters' },
      'body',
    ),
  ).toBe('body/title must NOT have fewer than 1 characters');
  expect(validationMessage({ keyword: 'enum', instancePath: '/n', params: { allowedValues: [1, null] }, message: 'x' }, 'body')).toBe(
    'body/n must be one of the allowed values: 1, null',
  );
  const nullable = [
    {
      keyword: 'type',
      instancePath: '/limit',
      schemaPath: '#/properties/limit/anyOf/0/type',
      params: { type: 'integer' },
      message: 'must be integer',
    },
    {
      keyword: 'type',
      instancePath: '/limit',
      schemaPath: '#/properties/limit/anyOf/1/type',
      params: { type: 'null' },
      message: 'must be null',
    },
    {
      keyword: 'anyOf',
      instancePath: '/limit',
      schemaPath: '#/properties/limit/anyOf',
      params: {},
      message: 'must match a schema in anyOf',
    },
  ];
  expect(schemaErrorFormatter(nullable, 'body').message).toBe('body/limit must be integer or null');
  expect(validationMessage({ keyword: 'const', instancePath: '/v', params: { allowedValue: 2 }, message: 'x' }, 'body')).toBe(
    'body/v must be 2',
  );
});
