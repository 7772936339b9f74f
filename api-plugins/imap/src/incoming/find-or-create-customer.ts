import type { MessageBroker } from '@lattice/broker';
import { customersCreateQueue, customersFindOneQueue } from '@lattice/contracts';
import { isDuplicateKeyError } from '@lattice/plugin-sdk';
import type { CustomerRecord } from '../models/records.js';
import { callPlugin } from './call-plugin.js';
import type { IncomingStore } from './incoming-store.js';

/**
 * SPEC.md rule 3: the local Customer by e-mail; otherwise the contacts customer (found, or created);
 * then the local record. The local record is written only after contacts answered, so a failure leaves
 * nothing that a later delivery would trust. Concurrent deliveries meet at the unique indexes (here and
 * in contacts), not at a lock in memory: there may be several imap processes.
 */
export async function findOrCreateCustomer(
  store: IncomingStore,
  broker: MessageBroker,
  inboxIntegrationId: string,
  email: string,
): Promise<CustomerRecord> {
  const local = await store.findCustomer(inboxIntegrationId, email);
  if (local) return local;

  const known = await callPlugin(broker, customersFindOneQueue, 'contacts', { primaryEmail: email });
  const contact =
    known ?? (await callPlugin(broker, customersCreateQueue, 'contacts', { integrationId: inboxIntegrationId, primaryEmail: email }));

  try {
    const created = await store.insertCustomer({ inboxIntegrationId, contactsId: contact._id, email });
    store.rememberCustomer(created);
    return created;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await store.findCustomer(inboxIntegrationId, email);
    if (!winner) throw error;
    return winner;
  }
}
