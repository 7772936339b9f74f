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
    __resolveReference: (reference: { _id: string }, { customerLoader }: ContactsContext) => customerLoader.load(reference._id),
  },
};
