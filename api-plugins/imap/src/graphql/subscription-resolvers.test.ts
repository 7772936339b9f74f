import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PubSub } from 'graphql-subscriptions';
import pino from 'pino';
import { announceStoredOn, type MessageStoredEvent } from '../incoming/message-stored-channel.js';
import type { ImapContext } from './imap-context.js';
import { subscriptionResolvers } from './subscription-resolvers.js';

const subscribe = subscriptionResolvers.imapMessageStored.subscribe;

it('imapMessageStored delivers the stored messages of the one conversation asked for', async () => {
  const pubsubClient = new PubSub();
  const context = { pubsubClient, user: { _id: 'u' } } as unknown as ImapContext;
  const announce = announceStoredOn(pubsubClient, pino({ level: 'silent' }));
  const events = (await subscribe(undefined, { inboxConversationId: 'b' }, context, undefined as never)) as AsyncIterator<MessageStoredEvent>;
  const next = events.next();
  await announce({ _id: 'm1', inboxConversationId: 'a' });
  await announce({ _id: 'm2', inboxConversationId: 'b' });
  assert.deepEqual((await next).value, { imapMessageStored: { _id: 'm2', inboxConversationId: 'b' } });
  await events.return?.();
});

it('imapMessageStored refuses a context without a logged-in user', async () => {
  const context = { pubsubClient: new PubSub() } as unknown as ImapContext;
  await assert.rejects(async () => subscribe(undefined, { inboxConversationId: 'b' }, context, undefined as never), { code: 'UNAUTHENTICATED' });
  await assert.rejects(async () => subscribe(undefined, { inboxConversationId: 'b' }, undefined, undefined as never), { code: 'UNAUTHENTICATED' });
});
