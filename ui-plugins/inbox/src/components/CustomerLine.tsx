import { useQuery } from '@apollo/client/react';
import { Text } from '@lattice/ui-sdk';
import { conversationCustomerQuery } from '../graphql/conversation-queries.js';

/** The conversation's customer from the contacts plugin; without contacts the line is simply left out. */
export function CustomerLine({ customerId }: { customerId: string }) {
  const { data } = useQuery(conversationCustomerQuery, { variables: { _id: customerId } });
  const customer = data?.customerDetail;
  if (!customer) return null;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return (
    <Text size="sm" data-testid="conversation-customer">
      {name ? `${name} <${customer.primaryEmail ?? ''}>` : (customer.primaryEmail ?? customer._id)}
    </Text>
  );
}
