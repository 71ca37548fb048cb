import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { schemaName, WEBHOOK_TYPES } from './webhook-types.js';

describeSharedApp('webhooks: OpenAPI', (t) => {
  it('documents every webhook route and the body of every message type', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/admin/webhook',
      '/admin/webhook/{webhookId}',
      '/admin/webhook/{webhookId}/rotate-secret',
      '/admin/webhook/{webhookId}/test',
      '/admin/webhook/{webhookId}/deliveries',
      '/admin/webhook/{webhookId}/deliveries/{messageId}/retry',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    for (const type of WEBHOOK_TYPES) {
      const schema = doc.components.schemas[schemaName(type)];
      expect(schema, type).toBeDefined();
      expect(schema.properties.type.enum ?? [schema.properties.type.const], type).toEqual([type]);
      expect(schema.properties.data.required, type).toContain('projectId');
    }
  });
});
