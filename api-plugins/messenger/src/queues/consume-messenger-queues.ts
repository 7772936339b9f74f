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
import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { createIntegration, removeIntegration } from '../integrations/create-integration.js';
import type { IntegrationRecord } from '../models/load-models.js';
import { sendReply } from '../outgoing/send-reply.js';
import type { MessengerRuntime } from '../runtime.js';
import { sendVisitorMessage } from '../visitors/send-visitor-message.js';
import { leaveEmail, visitorConversation, visitorRead, visitorTyping } from '../visitors/visitor-actions.js';
import { widgetSettings } from '../visitors/widget-view.js';

export const integrationKind = 'messenger';

/** A payload the contract refuses is an error reply naming what is wrong (InputError's message). */
function parsed<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new InputError(z.prettifyError(result.error));
  return result.data;
}

export async function consumeMessengerQueues(broker: MessageBroker, runtime: MessengerRuntime): Promise<void> {
  const create = createIntegrationQueue(integrationKind);
  const remove = removeIntegrationQueue(integrationKind);
  const reply = sendReplyQueue(integrationKind);
  await broker.consumeRPCQueue(create.name, async (data) => createIntegration(runtime, parsed(create.payload, data)));
  await broker.consumeRPCQueue(remove.name, async (data) => {
    await removeIntegration(runtime, parsed(remove.payload, data).integrationId);
    return { status: 'success' as const };
  });
  await broker.consumeRPCQueue(reply.name, async (data) => sendReply(runtime, parsed(reply.payload, data)));

  await broker.consumeRPCQueue(widgetSettingsQueue.name, async (data) => {
    const { integrationId } = parsed(widgetSettingsQueue.payload, data);
    const integration = await runtime.models().Integration.findOne({ inboxId: integrationId }).lean<IntegrationRecord>();
    return integration ? widgetSettings(integration) : null;
  });
  await broker.consumeRPCQueue(widgetConversationQueue.name, async (data) => visitorConversation(runtime, parsed(widgetConversationQueue.payload, data)));
  await broker.consumeRPCQueue(widgetSendQueue.name, async (data) => sendVisitorMessage(runtime, parsed(widgetSendQueue.payload, data)));
  await broker.consumeRPCQueue(widgetEmailQueue.name, async (data) => leaveEmail(runtime, parsed(widgetEmailQueue.payload, data)));
  await broker.consumeRPCQueue(widgetTypingQueue.name, async (data) => visitorTyping(runtime, parsed(widgetTypingQueue.payload, data)));
  await broker.consumeRPCQueue(widgetReadQueue.name, async (data) => visitorRead(runtime, parsed(widgetReadQueue.payload, data)));
}
