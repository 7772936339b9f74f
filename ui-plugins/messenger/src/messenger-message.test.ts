import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messengerIntegrationsOf, messengerMessageOf } from './messenger-message.js';

test('a message is read from mailData; anything missing or malformed becomes empty', () => {
  assert.deepEqual(messengerMessageOf({ body: 'Hi', direction: 'outgoing', createdAt: '2030-01-01T00:00:00.000Z', readAt: null, attachments: [{ filename: 'a.png', size: 3 }, 7] }), {
    body: 'Hi',
    outgoing: true,
    createdAt: '2030-01-01T00:00:00.000Z',
    readAt: null,
    attachments: [{ filename: 'a.png', size: 3 }],
  });
  assert.deepEqual(messengerMessageOf(null), { body: '', outgoing: false, createdAt: null, readAt: null, attachments: [] });
});

test('integrations without an id are left out', () => {
  assert.deepEqual(messengerIntegrationsOf([{ integrationId: 'x' }, { brandName: 'no id' }, null]), [{ integrationId: 'x' }]);
  assert.deepEqual(messengerIntegrationsOf('nope'), []);
});
