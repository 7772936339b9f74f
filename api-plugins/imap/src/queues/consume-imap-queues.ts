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

  await consumeContract(broker, createQueue, (payload) => createIntegration(runtime, payload));

  await consumeContract(broker, removeQueue, async ({ integrationId }) => {
    await removeIntegration(runtime, integrationId);
    return { status: 'success' as const };
  });

  // Both send for the user who writes: the host checks their inbox:replyToConversations (the contracts' actsFor).
  await consumeContract(broker, replyQueue, (payload) => sendReply(runtime, payload));
  await consumeContract(broker, mailQueue, (payload) => sendMail(runtime, payload));
}
