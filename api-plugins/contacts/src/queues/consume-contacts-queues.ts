import type { MessageBroker } from '@lattice/broker';
import { customersCreateQueue, customersFindOneQueue } from '@lattice/contracts';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { findOrCreateCustomer, type CustomerRecord } from '../models/find-or-create-customer.js';
import { loadModels } from '../models/load-models.js';
import { serializeCustomer } from './serialize-customer.js';

/** SPEC.md "Queues sent to other plugins": the two contacts queues integrations call. */
export async function consumeContactsQueues(broker: MessageBroker, db: Connection, debug: Logger) {
  const { Customer } = loadModels(db);

  await broker.consumeRPCQueue(customersFindOneQueue.name, async (data) => {
    const { primaryEmail } = customersFindOneQueue.payload.parse(data);
    const customer = await Customer.findOne({ primaryEmail }).lean<CustomerRecord>();
    return customer ? serializeCustomer(customer) : null;
  });

  await broker.consumeRPCQueue(customersCreateQueue.name, async (data) => {
    const payload = customersCreateQueue.payload.parse(data);
    const customer = await findOrCreateCustomer({ Customer }, payload);
    debug.debug({ customerId: String(customer._id) }, 'customer found or created for an integration');
    return serializeCustomer(customer);
  });
}
