import type { CustomerDetail } from './graphql/customer-queries.js';

export interface CustomerFormValues {
  firstName: string;
  lastName: string;
  primaryEmail: string;
  /** The other addresses, one a line. */
  otherEmails: string;
}

export function formValuesOf(customer: CustomerDetail): CustomerFormValues {
  return {
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    primaryEmail: customer.primaryEmail ?? '',
    otherEmails: (customer.emails ?? []).filter((email): email is string => Boolean(email) && email !== customer.primaryEmail).join('\n'),
  };
}

/** What the edit sends: empty names clear them, addresses one a line (or separated by commas), no repeats. */
export function editInputOf(values: CustomerFormValues): { missing: 'primaryEmail' } | { input: { firstName: string | null; lastName: string | null; primaryEmail: string; emails: string[] } } {
  const primaryEmail = values.primaryEmail.trim().toLowerCase();
  if (!primaryEmail) return { missing: 'primaryEmail' };
  const others = values.otherEmails
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  return {
    input: {
      firstName: values.firstName.trim() || null,
      lastName: values.lastName.trim() || null,
      primaryEmail,
      emails: [...new Set([primaryEmail, ...others])],
    },
  };
}
