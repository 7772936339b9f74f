import type { ConversationsMoveCustomerPayload } from '@lattice/contracts';
import type { QueryFilter } from 'mongoose';
import type { ConversationFields, ConversationModel } from '../models/conversation.js';

/**
 * Gives one customer's conversations (or the listed ones among them) to another and answers the ids moved.
 * Their activity times stay as they were: a merge is no new message. Asked again, it finds none to move.
 */
export async function moveConversationsToCustomer(
  Conversation: ConversationModel,
  { fromCustomerId, toCustomerId, conversationIds }: ConversationsMoveCustomerPayload,
): Promise<string[]> {
  const filter: QueryFilter<ConversationFields> = { customerId: fromCustomerId };
  if (conversationIds) filter._id = { $in: conversationIds };
  const found = await Conversation.find(filter, { _id: 1 }).lean<{ _id: unknown }[]>();
  if (found.length === 0) return [];
  const ids = found.map(({ _id }) => _id);
  // The customerId condition again: a conversation another caller moved in between is not counted twice.
  await Conversation.updateMany({ _id: { $in: ids }, customerId: fromCustomerId }, { $set: { customerId: toCustomerId } });
  const moved = await Conversation.find({ _id: { $in: ids }, customerId: toCustomerId }, { _id: 1 }).lean<{ _id: unknown }[]>();
  return moved.map(({ _id }) => String(_id));
}
