/** How a customer is named on the page: their name, or their address when they have none. */
export function customerName(customer: { firstName?: string | null; lastName?: string | null; primaryEmail?: string | null }): string {
  const name = [customer.firstName, customer.lastName].filter((part) => part?.trim()).join(' ');
  return name || customer.primaryEmail || '';
}
