import type { MessageBroker } from '@lattice/broker';
import { customersCreateQueue, customersFindOneQueue } from '@lattice/contracts';
import { consumeContract, createInsertBatcher } from '@lattice/plugin-sdk';
import DataLoader from 'dataloader';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { findOrCreateCustomer, type CustomerAccess, type CustomerRecord } from '../models/find-or-create-customer.js';
import { loadModels } from '../models/load-models.js';
import { serializeCustomer } from './serialize-customer.js';

/**
 * SPEC.md "Queues sent to other plugins": the two contacts queues integrations call. Every incoming message
 * of a new sender asks both, so the calls that arrive together share their database round trips.
 */
export async function consumeContactsQueues(broker: MessageBroker, db: Connection, debug: Logger) {
  const { Customer } = loadModels(db);
  const byEmail = new DataLoader<string, CustomerRecord | null>(
    async (emails) => {
      // A merged customer keeps the other's address in `emails`: mail from it still finds them.
      const found = await Customer.find({ $or: [{ primaryEmail: { $in: [...emails] } }, { emails: { $in: [...emails] } }] }).lean<CustomerRecord[]>();
      const byPrimary = new Map(found.map((customer) => [customer.primaryEmail, customer]));
      const byOther = new Map(found.flatMap((customer) => (customer.emails ?? []).map((email) => [email, customer] as const)));
      return emails.map((email) => byPrimary.get(email) ?? byOther.get(email) ?? null);
    },
    // Not cached: customers are edited through GraphQL. setImmediate lets calls from one poll share a query.
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  const customers: CustomerAccess = { insert: createInsertBatcher(Customer), findByEmail: (email) => byEmail.load(email) };

  await consumeContract(broker, customersFindOneQueue, async ({ primaryEmail }) => {
    const customer = await customers.findByEmail(primaryEmail);
    return customer ? serializeCustomer(customer) : null;
  });

  await consumeContract(broker, customersCreateQueue, async (payload) => {
    const customer = await findOrCreateCustomer(customers, payload);
    debug.debug({ customerId: String(customer._id) }, 'customer found or created for an integration');
    return serializeCustomer(customer);
  });
}
