import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { customersCreateQueue, customersFindOneQueue } from './contacts-queues.js';
import { conversationReceiveMessage, integrationsReceiveQueue } from './inbox-queues.js';
import { createIntegrationQueue, removeIntegrationQueue } from './integration-queues.js';

const integrationId = '0123456789abcdef01234567';

describe('the incoming-message flow queues', () => {
  it('names the queues as SPEC.md does', () => {
    assert.equal(customersFindOneQueue.name, 'contacts:customers.findOne');
    assert.equal(customersCreateQueue.name, 'contacts:customers.createCustomer');
    assert.equal(integrationsReceiveQueue.name, 'inbox:integrations.receive');
    assert.equal(createIntegrationQueue('imap').name, 'imap:createIntegration');
    assert.equal(removeIntegrationQueue('imap').name, 'imap:removeIntegration');
  });

  it('normalises e-mail addresses and refuses what is not one', () => {
    assert.deepEqual(customersFindOneQueue.payload.parse({ primaryEmail: ' Ada@Example.COM ' }), { primaryEmail: 'ada@example.com' });
    assert.throws(() => customersCreateQueue.payload.parse({ integrationId, primaryEmail: 'nope' }), /e-mail address/);
    assert.throws(() => customersCreateQueue.payload.parse({ primaryEmail: 'a@b.co' }), /integrationId/);
  });

  it('carries the conversation payload as JSON text, and reads it back checked', () => {
    const payload = { integrationId, customerId: 'c1', createdAt: '2030-01-01T00:00:00.000Z', content: 'hi' };
    const message = conversationReceiveMessage(payload);
    assert.equal(typeof message.payload, 'string');
    assert.deepEqual(integrationsReceiveQueue.payload.parse(message), { action: 'create-or-update-conversation', payload });
    assert.throws(
      () => integrationsReceiveQueue.payload.parse({ action: 'create-or-update-conversation', payload: '{' }),
      /payload is not JSON text/,
    );
    assert.throws(
      () => integrationsReceiveQueue.payload.parse({ action: 'other', payload: JSON.stringify(payload) }),
      /create-or-update-conversation/,
    );
    assert.throws(
      () => integrationsReceiveQueue.payload.parse(conversationReceiveMessage({ ...payload, integrationId: 'x' })),
      /24-character/,
    );
  });

  it('lets doc be absent in createIntegration and answers the webhook token', () => {
    assert.deepEqual(createIntegrationQueue('imap').payload.parse({ integrationId }), { integrationId });
    assert.deepEqual(createIntegrationQueue('imap').reply.parse({ status: 'success', webhookToken: 't' }), {
      status: 'success',
      webhookToken: 't',
    });
    assert.throws(() => removeIntegrationQueue('imap').reply.parse({ status: 'error' }));
  });
});
