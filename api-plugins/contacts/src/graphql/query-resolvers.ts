import { NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import type { CustomerRecord } from '../models/find-or-create-customer.js';
import { customersArgs, idArgs, parseArgs } from './arguments.js';
import type { ContactsContext } from './contacts-context.js';
import { customerFilter } from './customer-filter.js';

const defaultPerPage = 20;

export const queryResolvers = {
  async customers(_parent: unknown, args: unknown, { models }: ContactsContext) {
    const { searchValue, sortField, sortDirection, page, perPage } = parseArgs(customersArgs, args);
    const limit = perPage ?? defaultPerPage;
    const direction: 1 | -1 = sortDirection === 'desc' ? -1 : 1;
    // _id last: customers with one name (or none) keep one order from page to page.
    const order: Record<string, 1 | -1> = sortField ? { [sortField]: direction, _id: direction } : { createdAt: -1, _id: -1 };
    return models.Customer.find(customerFilter(searchValue))
      .sort(order)
      .skip(((page ?? 1) - 1) * limit)
      .limit(limit)
      .lean<CustomerRecord[]>();
  },

  async customersTotalCount(_parent: unknown, args: unknown, { models }: ContactsContext) {
    const { searchValue } = parseArgs(customersArgs, args);
    return models.Customer.countDocuments(customerFilter(searchValue));
  },

  async customerDetail(_parent: unknown, args: unknown, { models }: ContactsContext) {
    const { _id } = parseArgs(idArgs, args);
    const customer = await models.Customer.findById(parseObjectId(_id)).lean<CustomerRecord>();
    if (!customer) throw new NotFoundError('Customer not found');
    return customer;
  },
};
