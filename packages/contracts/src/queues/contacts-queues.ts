import { z } from 'zod';
import { rpcQueue } from '../queue-contract.js';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }));

/** A contacts customer as it travels on the wire: ids as text, dates as ISO 8601 text. */
export const customerRecordSchema = z.object({
  _id: z.string(),
  primaryEmail: z.string(),
  emails: z.array(z.string()),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  integrationId: z.string().nullish(),
  createdAt: z.string().nullish(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const customersFindOnePayloadSchema = z.object({ primaryEmail: email });
export type CustomersFindOnePayload = z.infer<typeof customersFindOnePayloadSchema>;

export const customersCreatePayloadSchema = z.object({ integrationId: z.string().min(1), primaryEmail: email });
export type CustomersCreatePayload = z.infer<typeof customersCreatePayloadSchema>;

/** `contacts:customers.findOne`: the customer with that primary e-mail, or null. */
export const customersFindOneQueue = rpcQueue(
  'contacts:customers.findOne',
  customersFindOnePayloadSchema,
  customerRecordSchema.nullable(),
);

/**
 * `contacts:customers.createCustomer`: creates the customer, or answers the one that already has that
 * primary e-mail, so concurrent callers for one sender all get the same record.
 */
export const customersCreateQueue = rpcQueue(
  'contacts:customers.createCustomer',
  customersCreatePayloadSchema,
  customerRecordSchema,
);
