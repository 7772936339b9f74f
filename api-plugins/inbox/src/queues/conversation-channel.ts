import type { PubSubEngine } from 'graphql-subscriptions';
import type { ConversationRecord } from '../models/records.js';

/** The pub/sub channel the `conversationChanged` subscription listens on. */
export const conversationChangedChannel = 'inbox:conversationChanged';

export async function publishConversationChanged(pubsub: PubSubEngine, conversation: ConversationRecord): Promise<void> {
  await pubsub.publish(conversationChangedChannel, { conversationChanged: conversation });
}
