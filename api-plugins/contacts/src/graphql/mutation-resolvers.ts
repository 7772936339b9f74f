import { InputError, isDuplicateKeyError, NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import type { CustomerRecord } from '../models/find-or-create-customer.js';
import type { ContactsModels } from '../models/load-models.js';
import { customersAddArgs, customersEditArgs, idArgs, parseArgs } from './arguments.js';
import type { ContactsContext } from './contacts-context.js';

async function findCustomer(models: ContactsModels, id: string) {
  const customer = await models.Customer.findById(parseObjectId(id)).lean<CustomerRecord>();
  if (!customer) throw new NotFoundError('Customer not found');
  return customer;
}

function duplicateEmail(error: unknown, email: string | null | undefined): never {
  if (isDuplicateKeyError(error)) throw new InputError(`A customer with the e-mail ${email ?? ''} already exists`);
  throw error;
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
    const { _id, primaryEmail, firstName, lastName, emails } = parseArgs(customersEditArgs, args);
    const existing = await findCustomer(models, _id);
    const $set: Record<string, unknown> = {};
    const $unset: Record<string, 1> = {};
    if (primaryEmail) $set.primaryEmail = primaryEmail;
    for (const [key, value] of [['firstName', firstName], ['lastName', lastName]] as const) {
      if (value === null || value === '') $unset[key] = 1;
      else if (value !== undefined) $set[key] = value;
    }
    if (emails || primaryEmail) {
      $set.emails = withPrimary(emails ?? existing.emails ?? [], primaryEmail ?? existing.primaryEmail);
    }
    try {
      return await models.Customer.findByIdAndUpdate(existing._id, { $set, $unset }, { returnDocument: 'after' }).lean();
    } catch (error) {
      return duplicateEmail(error, primaryEmail);
    }
  },

  async customersRemove(_parent: unknown, args: unknown, context: ContactsContext) {
    const { models } = context;
    const { _id } = parseArgs(idArgs, args);
    const existing = await findCustomer(models, _id);
    const { deletedCount } = await models.Customer.deleteOne({ _id: existing._id });
    return { _id, deletedCount };
  },
};
