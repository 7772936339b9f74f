import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PubSub } from 'graphql-subscriptions';
import type { ConversationRecord } from '../models/records.js';
import { publishConversationChanged } from '../queues/conversation-channel.js';
import type { InboxContext } from './inbox-context.js';
import { subscriptionResolvers } from './subscription-resolvers.js';

function conversation(_id: string): ConversationRecord {
  const at = new Date('2030-01-01T00:00:00.000Z');
  return { _id, integrationId: 'i', customerId: 'c', content: _id, status: 'open', createdAt: at, updatedAt: at };
}

it('conversationChanged delivers what is published, narrowed to one conversation when _id is given', async () => {
  const pubsubClient = new PubSub();
  const context = { pubsubClient } as unknown as InboxContext;
  const subscribe = subscriptionResolvers.conversationChanged.subscribe;
  const all = (await subscribe(undefined, {}, context, undefined as never)) as AsyncIterator<{ conversationChanged: ConversationRecord }>;
  const one = (await subscribe(undefined, { _id: 'b' }, context, undefined as never)) as AsyncIterator<{ conversationChanged: ConversationRecord }>;
  const nextAll = [all.next(), all.next()];
  const nextOne = one.next();
  await publishConversationChanged(pubsubClient, conversation('a'));
  await publishConversationChanged(pubsubClient, conversation('b'));
  const seen = await Promise.all(nextAll);
  // withFilter may settle two waiting next() calls in either order.
  assert.deepEqual(seen.map((result) => String(result.value.conversationChanged._id)).sort(), ['a', 'b']);
  assert.equal((await nextOne).value.conversationChanged._id, 'b');
  await all.return?.();
  await one.return?.();
});
