import { createIntegrationQueue, removeIntegrationQueue } from '@lattice/contracts';
import { NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import type { IntegrationKindRecord, IntegrationRecord } from '../models/records.js';
import { createExternalIntegrationArgs, idArgs, integrationsArgs, parseArgs } from './arguments.js';
import { callIntegrationPlugin } from './call-integration-plugin.js';
import type { InboxContext } from './inbox-context.js';
import { requireRunningKind, runningKindsFilter } from './running-kinds.js';

export const integrationQueryResolvers = {
  async integrationKinds(_parent: unknown, _args: unknown, { models }: InboxContext) {
    return models.IntegrationKind.find(runningKindsFilter()).sort({ kind: 1 }).lean<IntegrationKindRecord[]>();
  },

  async integrations(_parent: unknown, args: unknown, { models }: InboxContext) {
    const { kind } = parseArgs(integrationsArgs, args);
    return models.Integration.find(kind ? { kind } : {}).sort({ createdAt: -1 }).lean<IntegrationRecord[]>();
  },
};

export const integrationMutationResolvers = {
  async integrationsCreateExternalIntegration(_parent: unknown, args: unknown, context: InboxContext) {
    const { kind, name, data } = parseArgs(createExternalIntegrationArgs, args);
    const { models, messageBrokerClient } = context;
    await requireRunningKind(models.IntegrationKind, kind);
    const integration = await models.Integration.create({ kind, name, createdAt: new Date() });
    const integrationId = String(integration._id);
    try {
      const reply = await callIntegrationPlugin(messageBrokerClient, createIntegrationQueue(kind), kind, {
        doc: data ?? undefined,
        integrationId,
      });
      return { ...integration.toObject(), webhookToken: reply.webhookToken ?? null };
    } catch (error) {
      // The plugin has no record of it, so neither may the inbox: the user can simply try again.
      await models.Integration.deleteOne({ _id: integration._id });
      throw error;
    }
  },

  async integrationsRemove(_parent: unknown, args: unknown, context: InboxContext) {
    const { _id } = parseArgs(idArgs, args);
    const { models, messageBrokerClient } = context;
    const integration = await models.Integration.findById(parseObjectId(_id)).lean<IntegrationRecord>();
    if (!integration) throw new NotFoundError('Integration not found');
    await requireRunningKind(models.IntegrationKind, integration.kind);
    // The plugin's side goes first: if it fails, the inbox record stays and the removal can be retried.
    await callIntegrationPlugin(messageBrokerClient, removeIntegrationQueue(integration.kind), integration.kind, {
      integrationId: _id,
    });
    const conversations = await models.Conversation.find({ integrationId: _id }, { _id: 1 }).lean();
    await models.Message.deleteMany({ conversationId: { $in: conversations.map((conversation) => String(conversation._id)) } });
    const { deletedCount: conversationsDeleted } = await models.Conversation.deleteMany({ integrationId: _id });
    const { deletedCount } = await models.Integration.deleteOne({ _id: integration._id });
    return { _id, deletedCount, conversationsDeleted };
  },
};

export const integrationResolvers = {
  _id: (integration: IntegrationRecord) => String(integration._id),
  __resolveReference: (reference: { _id: string }, { loaders }: InboxContext) => loaders.integration.load(reference._id),
};
