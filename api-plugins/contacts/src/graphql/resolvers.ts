import type { PluginResolvers } from '@lattice/plugin-sdk';
import type { CustomerRecord } from '../models/find-or-create-customer.js';
import type { ContactsContext } from './contacts-context.js';
import { mutationResolvers } from './mutation-resolvers.js';
import { queryResolvers } from './query-resolvers.js';

export const resolvers: PluginResolvers<ContactsContext> = {
  Query: queryResolvers,
  Mutation: mutationResolvers,
  Customer: {
    _id: (customer: CustomerRecord) => String(customer._id),
    __resolveReference: async (reference: { _id: string }, { models }: ContactsContext) =>
      /^[0-9a-fA-F]{24}$/.test(reference._id) ? models.Customer.findById(reference._id).lean() : null,
  },
};
