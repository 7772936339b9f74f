import { randomUUID } from 'node:crypto';
import { createInsertBatcher, isDuplicateKeyError, LatticeError, type InsertRecord } from '@lattice/plugin-sdk';
import type { mongo } from 'mongoose';
import type { ImapModels } from '../models/load-models.js';
import type { MessageClaimFields } from '../models/message-claim.js';

/** A delivery cut off with its process leaves its claim held; after this long another delivery may take it. */
export const claimLeaseMs = 2 * 60_000;

/** 503: the sender delivers again shortly, and then finds the message stored (skipped) or free to store. */
export class MessageInProgressError extends LatticeError {
  constructor(messageId: string) {
    super('PLUGIN_UNAVAILABLE', `The message ${messageId} is being stored by another delivery; deliver it again shortly`);
  }
}

export interface HeldClaim {
  _id: mongo.ObjectId;
  holder: string;
  /** The conversation a failed delivery from before stored-first filing already filed (no longer written). */
  inboxConversationId?: string;
}

export type ClaimOutcome = { status: 'held'; claim: HeldClaim } | { status: 'stored' };

/**
 * Claims are how one delivery of a Message-ID, among concurrent copies and across imap processes, gets to
 * store it: the first insert into the unique index wins; later copies see it stored, being stored (refused
 * with 503), or given up (released by a failed delivery, or held past the lease by one cut off) and take it.
 */
export class MessageClaims {
  private readonly insertClaim: InsertRecord<MessageClaimFields>;

  constructor(private readonly models: Pick<ImapModels, 'Message' | 'MessageClaim'>) {
    this.insertClaim = createInsertBatcher(models.MessageClaim);
  }

  async claim(inboxIntegrationId: string, messageId: string): Promise<ClaimOutcome> {
    const holder = randomUUID();
    const claimedAt = new Date();
    try {
      const inserted = await this.insertClaim({ inboxIntegrationId, messageId, holder, claimedAt });
      return { status: 'held', claim: { _id: inserted._id as mongo.ObjectId, holder } };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    if (await this.models.Message.exists({ messageId, inboxIntegrationId })) return { status: 'stored' };
    const taken = await this.models.MessageClaim.findOneAndUpdate(
      { messageId, inboxIntegrationId, claimedAt: { $lte: new Date(claimedAt.getTime() - claimLeaseMs) } },
      { $set: { holder, claimedAt } },
      { returnDocument: 'after' },
    ).lean<MessageClaimFields & { _id: mongo.ObjectId }>();
    if (taken) return { status: 'held', claim: taken };
    throw new MessageInProgressError(messageId);
  }

  /** After a failed delivery: the next one may take the claim at once instead of waiting out the lease. */
  async release(claim: HeldClaim): Promise<void> {
    await this.models.MessageClaim.updateOne({ _id: claim._id, holder: claim.holder }, { $set: { claimedAt: new Date(0) } });
  }

  async forgetIntegration(inboxIntegrationId: string): Promise<void> {
    await this.models.MessageClaim.deleteMany({ inboxIntegrationId });
  }
}
