import { describe, expect, it } from 'vitest';
import { auditTarget, createdId, redacted } from './audit-target.js';

describe('audit targets', () => {
  it('names resource, id and action from the route pattern', () => {
    expect(auditTarget('POST', '/admin/event', {})).toEqual({ resource: 'event', resourceId: null, action: 'create' });
    expect(auditTarget('PUT', '/admin/offer/:offerId', { offerId: 'o1' })).toEqual({
      resource: 'offer',
      resourceId: 'o1',
      action: 'update',
    });
    expect(auditTarget('DELETE', '/admin/apikey/:apiKeyId', { apiKeyId: 'k1' })).toEqual({
      resource: 'apikey',
      resourceId: 'k1',
      action: 'delete',
    });
    expect(auditTarget('POST', '/admin/user/:userId/points', { userId: 'uma' })).toEqual({
      resource: 'user',
      resourceId: 'uma',
      action: 'adjustment',
    });
    expect(auditTarget('POST', '/admin/webhook/:webhookId/rotate-secret', { webhookId: 'w' })).toEqual({
      resource: 'webhook',
      resourceId: 'w',
      action: 'rotate-secret',
    });
    expect(auditTarget('POST', '/usergroup', {})).toEqual({ resource: 'usergroup', resourceId: null, action: 'create' });
    expect(auditTarget('POST', '/admin/adjustments/bulk', {}, { rows: [], dryRun: false })).toEqual({
      resource: 'adjustments',
      resourceId: null,
      action: 'bulk',
    });
  });

  it('leaves out a dry run, which changes nothing', () => {
    expect(auditTarget('POST', '/admin/adjustments/bulk', {}, { rows: [], dryRun: true })).toBeNull();
  });

  it('leaves out reads, the test clock and public writes', () => {
    expect(auditTarget('GET', '/admin/event', {})).toBeNull();
    expect(auditTarget('PUT', '/admin/clock', {})).toBeNull();
    expect(auditTarget('POST', '/event', {})).toBeNull();
  });

  it('takes a created id from its own field, never from a secret', () => {
    expect(createdId('apikey', { apiKeyId: 'k1', key: 'lk_secret' })).toBe('k1');
    expect(createdId('usergroup', { userGroupId: 'vip' })).toBe('vip');
    expect(createdId('coupon', { couponKey: 'C-1', userId: 'u' })).toBe('C-1');
    expect(createdId('event', { title: 'x' })).toBeNull();
  });

  it('redacts secrets at any depth', () => {
    expect(redacted({ apiKeyId: 'k1', key: 'lk_x', nested: [{ secret: 's', url: 'u' }] })).toEqual({
      apiKeyId: 'k1',
      key: '[redacted]',
      nested: [{ secret: '[redacted]', url: 'u' }],
    });
  });
});
