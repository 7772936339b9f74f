import type { MessageBroker } from '@lattice/broker';
import { createIntegrationQueue, removeIntegrationQueue } from '@lattice/contracts';
import type { MailhookModels } from './models.js';
import { newWebhookToken } from './webhook-token.js';

// erxes: packages/template.plugin.api/source-integration/messageBroker.ts (`{name}:createIntegration`,
// `{name}:removeIntegration`), SPEC.md "Queues consumed".

export async function consumeIntegrationQueues(broker: MessageBroker, models: MailhookModels, kind: string): Promise<void> {
  const createQueue = createIntegrationQueue(kind);
  const removeQueue = removeIntegrationQueue(kind);

  await broker.consumeRPCQueue(createQueue.name, async (data) => {
    const { integrationId, doc } = createQueue.payload.parse(data);
    const { token, hash } = newWebhookToken();
    await models.Integration.create({ inboxId: integrationId, settings: doc ?? {}, webhookTokenHash: hash });
    // Lattice's addition to SPEC.md's reply: the secret POST /receive asks for, shown once to whoever added it.
    return { status: 'success' as const, webhookToken: token };
  });

  await broker.consumeRPCQueue(removeQueue.name, async (data) => {
    const { integrationId } = removeQueue.payload.parse(data);
    await models.Message.deleteMany({ inboxIntegrationId: integrationId });
    await models.Customer.deleteMany({ inboxIntegrationId: integrationId });
    await models.Integration.deleteOne({ inboxId: integrationId });
    return { status: 'success' as const };
  });
}
