import type { MessageBroker } from '@lattice/broker';
import {
  createIntegrationQueue,
  removeIntegrationQueue,
  sendReplyQueue,
  widgetConversationQueue,
  widgetEmailQueue,
  widgetReadQueue,
  widgetSendQueue,
  widgetSettingsQueue,
  widgetTypingQueue,
} from '@lattice/contracts';
import { consumeContract } from '@lattice/plugin-sdk';
import { createIntegration, removeIntegration } from '../integrations/create-integration.js';
import type { IntegrationRecord } from '../models/load-models.js';
import { sendReply } from '../outgoing/send-reply.js';
import type { MessengerRuntime } from '../runtime.js';
import { sendVisitorMessage } from '../visitors/send-visitor-message.js';
import { leaveEmail, visitorConversation, visitorRead, visitorTyping } from '../visitors/visitor-actions.js';
import { widgetSettings } from '../visitors/widget-view.js';

export const integrationKind = 'messenger';

export async function consumeMessengerQueues(broker: MessageBroker, runtime: MessengerRuntime): Promise<void> {
  const create = createIntegrationQueue(integrationKind);
  const remove = removeIntegrationQueue(integrationKind);
  const reply = sendReplyQueue(integrationKind);
  await consumeContract(broker, create, (payload) => createIntegration(runtime, payload));
  await consumeContract(broker, remove, async ({ integrationId }) => {
    await removeIntegration(runtime, integrationId);
    return { status: 'success' as const };
  });
  await consumeContract(broker, reply, (payload) => sendReply(runtime, payload));

  await consumeContract(broker, widgetSettingsQueue, async ({ integrationId }) => {
    const integration = await runtime.models().Integration.findOne({ inboxId: integrationId }).lean<IntegrationRecord>();
    return integration ? widgetSettings(integration) : null;
  });
  await consumeContract(broker, widgetConversationQueue, (payload) => visitorConversation(runtime, payload));
  await consumeContract(broker, widgetSendQueue, (payload) => sendVisitorMessage(runtime, payload));
  await consumeContract(broker, widgetEmailQueue, (payload) => leaveEmail(runtime, payload));
  await consumeContract(broker, widgetTypingQueue, (payload) => visitorTyping(runtime, payload));
  await consumeContract(broker, widgetReadQueue, (payload) => visitorRead(runtime, payload));
}
