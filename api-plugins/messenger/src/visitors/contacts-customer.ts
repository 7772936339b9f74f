import type { MessageBroker } from '@lattice/broker';
import { customersCreateQueue, customersFindOneQueue } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';

const contactsTimeoutMs = 10_000;

/** The contacts customer with that e-mail, found or created (SPEC.md's rule 3, as the imap plugin does it). */
export async function contactsCustomerId(broker: MessageBroker, integrationId: string, email: string): Promise<string> {
  const known = await callPluginRPC(broker, customersFindOneQueue, 'contacts', { primaryEmail: email }, { timeoutMs: contactsTimeoutMs });
  if (known) return known._id;
  const created = await callPluginRPC(broker, customersCreateQueue, 'contacts', { integrationId, primaryEmail: email }, { timeoutMs: contactsTimeoutMs });
  return created._id;
}
