import { visitorEventsChannel, type VisitorEvent } from '@lattice/contracts';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';

/** The pub/sub channel the `messengerConversationEvent` subscription (agents' view) listens on. */
export const conversationEventsChannel = 'messenger:conversationEvents';

/** What an agent's view of a conversation hears: a message was stored, the visitor types, or read the replies. */
export interface ConversationEvent {
  inboxConversationId: string;
  type: 'message' | 'typing' | 'read';
  typing?: boolean;
  readAt?: string;
}

export interface MessengerEvents {
  toVisitor(event: VisitorEvent): Promise<void>;
  toAgents(event: ConversationEvent): Promise<void>;
}

/**
 * Publishes on the host's pub/sub (Redis across processes in services mode): the widgets services relay visitor
 * events to open widgets, the plugin's subscription relays conversation events to agents. What is announced is
 * stored first, so a failed publish only delays it to the next load: it is logged, not thrown.
 */
export function messengerEventsOn(pubsub: PubSubEngine, debug: Logger): MessengerEvents {
  const publish = async (channel: string, payload: unknown) => {
    try {
      await pubsub.publish(channel, payload);
    } catch (error) {
      debug.warn({ err: error, channel }, 'could not publish a messenger event');
    }
  };
  return {
    toVisitor: (event) => publish(visitorEventsChannel, event),
    toAgents: (event) => publish(conversationEventsChannel, { messengerConversationEvent: event }),
  };
}
