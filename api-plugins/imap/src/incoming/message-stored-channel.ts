import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';

/** The pub/sub channel the `imapMessageStored` subscription listens on. */
export const imapMessageStoredChannel = 'imap:messageStored';

/** A message of an inbox conversation that the imap view lists now. */
export interface StoredMessage {
  _id: string;
  inboxConversationId: string;
}

export interface MessageStoredEvent {
  imapMessageStored: StoredMessage;
}

/** Tells the views subscribed to the conversation that one of its messages was stored. */
export type AnnounceStored = (message: StoredMessage) => Promise<void>;

/**
 * Publishes on `pubsub`. The message is stored (and marked received) before this runs, so a failed publish
 * does not fail the delivery: it is logged, and the view shows the message on its next refetch.
 */
export function announceStoredOn(pubsub: PubSubEngine, debug: Logger): AnnounceStored {
  return async (message) => {
    try {
      await pubsub.publish(imapMessageStoredChannel, { imapMessageStored: message } satisfies MessageStoredEvent);
    } catch (error) {
      debug.warn({ err: error, inboxConversationId: message.inboxConversationId }, 'could not announce a stored message');
    }
  };
}
