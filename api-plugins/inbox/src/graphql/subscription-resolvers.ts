import { UnauthenticatedError } from '@lattice/plugin-sdk';
import { withFilter } from 'graphql-subscriptions';
import type { ConversationRecord } from '../models/records.js';
import { conversationChangedChannel } from '../queues/conversation-channel.js';
import { conversationChangedArgs, parseArgs } from './arguments.js';
import type { InboxContext } from './inbox-context.js';

export const subscriptionResolvers = {
  conversationChanged: {
    subscribe: withFilter(
      (_parent: unknown, _args: unknown, context: InboxContext | undefined) => {
        if (!context) throw new UnauthenticatedError();
        return context.pubsubClient.asyncIterableIterator(conversationChangedChannel);
      },
      (payload: unknown, args: unknown) => {
        const { _id } = parseArgs(conversationChangedArgs, args);
        const changed = (payload as { conversationChanged?: ConversationRecord } | undefined)?.conversationChanged;
        return !_id || String(changed?._id) === _id;
      },
    ),
  },
};
