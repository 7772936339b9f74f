import type { MessageBroker } from '@lattice/broker';
import { createIntegrationQueue, removeIntegrationQueue, sendMailQueue, sendReplyQueue } from '@lattice/contracts';
import { consumeContract } from '@lattice/plugin-sdk';
import { createIntegration } from '../integrations/create-integration.js';
import { removeIntegration } from '../integrations/remove-integration.js';
import { sendMail } from '../outgoing/send-mail.js';
import { sendReply } from '../outgoing/send-reply.js';
import type { ImapRuntime } from '../runtime.js';

export const integrationKind = 'imap';

export async function consumeImapQueues(broker: MessageBroker, runtime: ImapRuntime) {
  const createQueue = createIntegrationQueue(integrationKind);
  const removeQueue = removeIntegrationQueue(integrationKind);
  const replyQueue = sendReplyQueue(integrationKind);
  const mailQueue = sendMailQueue(integrationKind);

  await broker.consumeRPCQueue(createQueue.name, async (data) => createIntegration(runtime, createQueue.payload.parse(data)));

  await broker.consumeRPCQueue(removeQueue.name, async (data) => {
    const { integrationId } = removeQueue.payload.parse(data);
    await removeIntegration(runtime, integrationId);
    return { status: 'success' as const };
  });

  // Sends for the user who writes: the host checks their inbox:replyToConversations (the contract's actsFor).
  await consumeContract(broker, replyQueue, (payload) => sendReply(runtime, payload));

  await broker.consumeRPCQueue(mailQueue.name, async (data) => sendMail(runtime, mailQueue.payload.parse(data)));
}
