import { UnauthenticatedError } from '@lattice/plugin-sdk';
import { withFilter } from 'graphql-subscriptions';
import { z } from 'zod';
import { imapMessageStoredChannel, type MessageStoredEvent } from '../incoming/message-stored-channel.js';
import type { ImapContext } from './imap-context.js';

const messageStoredArgs = z.object({ inboxConversationId: z.string() });

export const subscriptionResolvers = {
  imapMessageStored: {
    subscribe: withFilter(
      // As imapConversationDetail: any logged-in user may read a conversation's mails.
      (_parent: unknown, _args: unknown, context: ImapContext | undefined) => {
        if (!context?.user) throw new UnauthenticatedError();
        return context.pubsubClient.asyncIterableIterator(imapMessageStoredChannel);
      },
      (payload: unknown, args: unknown) => {
        const { inboxConversationId } = messageStoredArgs.parse(args);
        return (payload as MessageStoredEvent | undefined)?.imapMessageStored.inboxConversationId === inboxConversationId;
      },
    ),
  },
};
