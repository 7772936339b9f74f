import { conversationsMoveCustomerQueue } from '@lattice/contracts';
import { callPluginRPC, NotFoundError } from '@lattice/plugin-sdk';
import type { Types } from 'mongoose';
import type { CustomerRecord } from '../models/find-or-create-customer.js';
import type { ContactsContext } from './contacts-context.js';

const inboxCallTimeoutMs = 30_000;

/** What the kept customer gains: the other's addresses, and the names it has none of. */
function mergedFields(keep: CustomerRecord, merged: CustomerRecord) {
  const emails = [...new Set([...(keep.emails ?? []), keep.primaryEmail, merged.primaryEmail, ...(merged.emails ?? [])])];
  return {
    emails,
    ...(!keep.firstName && merged.firstName ? { firstName: merged.firstName } : {}),
    ...(!keep.lastName && merged.lastName ? { lastName: merged.lastName } : {}),
    updatedAt: new Date(),
  };
}

/**
 * Merges `mergeId` into `keepId`. The inbox moves the conversations first (no inbox, no change at all); then
 * the other customer is removed and the kept one updated. A step that fails after the move puts back what was
 * done (the removed customer with its _id, the conversations moved), so a merge is all or nothing; asked
 * again it finishes a merge that stopped half way, as the inbox moves none twice.
 */
export async function mergeCustomers(context: ContactsContext, keepId: Types.ObjectId, mergeId: Types.ObjectId): Promise<CustomerRecord> {
  const { Customer } = context.models;
  const [keep, merged] = await Promise.all([
    Customer.findById(keepId).lean<CustomerRecord>(),
    Customer.findById(mergeId).lean<CustomerRecord>(),
  ]);
  if (!keep || !merged) throw new NotFoundError('Customer not found');

  const moveConversations = (from: Types.ObjectId, to: Types.ObjectId, conversationIds?: string[]) =>
    callPluginRPC(
      context.messageBrokerClient,
      conversationsMoveCustomerQueue,
      'inbox',
      { fromCustomerId: String(from), toCustomerId: String(to), ...(conversationIds ? { conversationIds } : {}) },
      { timeoutMs: inboxCallTimeoutMs },
    );
  const { movedIds } = await moveConversations(mergeId, keepId);
  const undoMove = async () => {
    if (movedIds.length > 0) await moveConversations(keepId, mergeId, movedIds);
  };

  let removed: CustomerRecord | null;
  try {
    removed = await Customer.findOneAndDelete({ _id: mergeId }).lean<CustomerRecord>();
  } catch (error) {
    await undoMove();
    throw error;
  }
  // Removed by someone else meanwhile: what was read is still merged in, the conversations stay moved.
  const mergedRecord = removed ?? merged;
  try {
    const updated = await Customer.findOneAndUpdate({ _id: keepId }, { $set: mergedFields(keep, mergedRecord) }, { returnDocument: 'after' }).lean<CustomerRecord>();
    if (!updated) throw new NotFoundError('Customer not found');
    return updated;
  } catch (error) {
    if (removed) await Customer.collection.insertOne(removed as Parameters<typeof Customer.collection.insertOne>[0]);
    await undoMove();
    throw error;
  }
}
