import { ConflictError, InputError, isDuplicateKeyError, NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import type { CustomerRecord } from '../models/find-or-create-customer.js';
import type { ContactsModels } from '../models/load-models.js';
import { customersAddArgs, customersEditArgs, customersMergeArgs, idArgs, parseArgs } from './arguments.js';
import type { ContactsContext } from './contacts-context.js';
import { mergeCustomers } from './merge-customers.js';

async function findCustomer(models: ContactsModels, id: string) {
  const customer = await models.Customer.findById(parseObjectId(id)).lean<CustomerRecord>();
  if (!customer) throw new NotFoundError('Customer not found');
  return customer;
}

function duplicateEmail(error: unknown, email: string | null | undefined): never {
  if (isDuplicateKeyError(error)) throw new InputError(`A customer with the e-mail ${email ?? ''} already exists`);
  throw error;
}

/**
 * The filter of an edit that must find the customer as the client read it: its `updatedAt` equal to the one
 * sent (none stored, for null); without one, any version.
 */
function asRead(_id: unknown, updatedAt: Date | null | undefined) {
  if (updatedAt === undefined) return { _id };
  return { _id, updatedAt: updatedAt === null ? { $exists: false } : updatedAt };
}

/** The primary e-mail is always one of `emails`. */
function withPrimary(emails: string[], primaryEmail: string): string[] {
  return emails.includes(primaryEmail) ? emails : [primaryEmail, ...emails];
}

export const mutationResolvers = {
  async customersAdd(_parent: unknown, args: unknown, context: ContactsContext) {
    const { models } = context;
    const { primaryEmail, firstName, lastName, emails } = parseArgs(customersAddArgs, args);
    try {
      const created = await models.Customer.create({
        primaryEmail,
        emails: withPrimary(emails ?? [], primaryEmail),
        ...(firstName ? { firstName } : {}),
        ...(lastName ? { lastName } : {}),
        createdAt: new Date(),
      });
      return created.toObject();
    } catch (error) {
      return duplicateEmail(error, primaryEmail);
    }
  },

  async customersEdit(_parent: unknown, args: unknown, context: ContactsContext) {
    const { models } = context;
    const { _id, updatedAt, primaryEmail, firstName, lastName, emails } = parseArgs(customersEditArgs, args);
    const existing = await findCustomer(models, _id);
    const $set: Record<string, unknown> = { updatedAt: new Date() };
    const $unset: Record<string, 1> = {};
    if (primaryEmail) $set.primaryEmail = primaryEmail;
    for (const [key, value] of [['firstName', firstName], ['lastName', lastName]] as const) {
      if (value === null || value === '') $unset[key] = 1;
      else if (value !== undefined) $set[key] = value;
    }
    if (emails || primaryEmail) {
      $set.emails = withPrimary(emails ?? existing.emails ?? [], primaryEmail ?? existing.primaryEmail);
    }
    let updated: CustomerRecord | null;
    try {
      // One conditional write: a concurrent edit between the read above and this write cannot slip through.
      updated = await models.Customer.findOneAndUpdate(asRead(existing._id, updatedAt), { $set, $unset }, { returnDocument: 'after' }).lean<CustomerRecord>();
    } catch (error) {
      return duplicateEmail(error, primaryEmail);
    }
    if (!updated) throw new ConflictError('Someone else changed this customer after you opened it');
    return updated;
  },

  async customersRemove(_parent: unknown, args: unknown, context: ContactsContext) {
    const { models } = context;
    const { _id } = parseArgs(idArgs, args);
    const existing = await findCustomer(models, _id);
    const { deletedCount } = await models.Customer.deleteOne({ _id: existing._id });
    return { _id, deletedCount };
  },

  async customersMerge(_parent: unknown, args: unknown, context: ContactsContext) {
    const { keepId, mergeId } = parseArgs(customersMergeArgs, args);
    return mergeCustomers(context, parseObjectId(keepId, 'keepId'), parseObjectId(mergeId, 'mergeId'));
  },
};
