import type { ImapRuntime } from '../runtime.js';

/**
 * SPEC.md `<integration>:removeIntegration`: stops listening, removes the Messages, Customers and message
 * claims of the integration, then the Integration itself (last, so a removal cut short can be repeated).
 */
export async function removeIntegration(runtime: ImapRuntime, inboxId: string) {
  await runtime.sync.stop(inboxId);
  runtime.transports.forget(inboxId);
  const { Integration, Message, Customer } = runtime.models();
  const messages = await Message.deleteMany({ inboxIntegrationId: inboxId });
  const customers = await Customer.deleteMany({ inboxIntegrationId: inboxId });
  runtime.incoming().forgetCustomers();
  await runtime.incoming().claims.forgetIntegration(inboxId);
  const integrations = await Integration.deleteMany({ inboxId });
  runtime.integrations.forget(inboxId);
  return {
    messagesDeleted: messages.deletedCount,
    customersDeleted: customers.deletedCount,
    integrationsDeleted: integrations.deletedCount,
  };
}
