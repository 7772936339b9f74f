import type { MessageBroker } from '@lattice/broker';
import { conversationsMoveCustomerQueue, integrationsAnnounceKindQueue, integrationsReceiveQueue } from '@lattice/contracts';
import { consumeContract, createInsertBatcher, NotFoundError } from '@lattice/plugin-sdk';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { loadModels } from '../models/load-models.js';
import type { ConversationRecord } from '../models/records.js';
import { publishConversationChanged } from './conversation-channel.js';
import { createConversationUpdater } from './conversation-updater.js';
import { fileConversation, type ConversationWrites } from './file-conversation.js';
import { KnownIntegrations } from './known-integrations.js';
import { moveConversationsToCustomer } from './move-conversations-to-customer.js';

export async function consumeInboxQueues(broker: MessageBroker, db: Connection, pubsub: PubSubEngine, debug: Logger) {
  const models = loadModels(db);
  const integrations = new KnownIntegrations(models.Integration);
  const insertConversation = createInsertBatcher(models.Conversation);
  const conversationWrites: ConversationWrites = {
    updateConversation: createConversationUpdater(models.Conversation),
    insertConversation: (conversation) => insertConversation(conversation),
    findFiled: (integrationId, receiveKey) =>
      models.Conversation.findOne({ integrationId, receiveKeys: receiveKey }).lean<ConversationRecord>().exec(),
    findOwner: async (conversationId) =>
      (await models.Conversation.findById(conversationId, { integrationId: 1 }).lean<Pick<ConversationRecord, 'integrationId'>>())?.integrationId ?? null,
  };

  await consumeContract(broker, integrationsReceiveQueue, async ({ payload }) => {
    if (!(await integrations.exists(payload.integrationId))) throw new NotFoundError(`Integration ${payload.integrationId} not found`);
    const conversation = await fileConversation(conversationWrites, payload);
    await publishConversationChanged(pubsub, conversation);
    return { _id: String(conversation._id) };
  });

  await consumeContract(broker, integrationsAnnounceKindQueue, async ({ kind, label, announcedAt, reply }) => {
    const now = new Date();
    // When the plugin said so (never later than now): an announcement that waited in the queue while the inbox
    // was down must not make a plugin that stopped since look available. $max: never back in time.
    const at = announcedAt && Date.parse(announcedAt) < now.getTime() ? new Date(announcedAt) : now;
    const { upsertedCount } = await models.IntegrationKind.updateOne({ kind }, { $set: { label, ...(reply === undefined ? {} : { reply }) }, $max: { announcedAt: at } }, { upsert: true });
    if (upsertedCount > 0) debug.info({ kind }, 'integration kind available');
  });

  await consumeContract(broker, conversationsMoveCustomerQueue, async (payload) => {
    const movedIds = await moveConversationsToCustomer(models.Conversation, payload);
    debug.info({ from: payload.fromCustomerId, to: payload.toCustomerId, moved: movedIds.length }, 'conversations moved to another customer');
    return { movedIds };
  });
}
