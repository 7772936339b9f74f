import { useQuery } from '@apollo/client/react';
import { Text } from '@lattice/ui-sdk';
import { conversationCustomerQuery } from '../graphql/conversation-queries.js';
import { customerLabel } from '../customer-label.js';

/** The conversation's customer from the contacts plugin; without contacts the line is simply left out. */
export function CustomerLine({ customerId }: { customerId: string }) {
  const { data } = useQuery(conversationCustomerQuery, { variables: { _id: customerId } });
  const customer = data?.customerDetail;
  if (!customer) return null;
  return (
    <Text size="sm" data-testid="conversation-customer">
      {customerLabel(customer) ?? customer._id}
    </Text>
  );
}
