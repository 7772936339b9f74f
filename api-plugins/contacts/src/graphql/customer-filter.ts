import type { QueryFilter } from 'mongoose';
import type { CustomerFields } from '../models/customer.js';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The search as a filter built from the typed argument only (no client-supplied operators). */
export function customerFilter(searchValue: string | null | undefined): QueryFilter<CustomerFields> {
  const search = searchValue?.trim();
  if (!search) return {};
  const anywhere = new RegExp(escapeRegExp(search), 'i');
  const atStart = new RegExp(`^${escapeRegExp(search)}`, 'i');
  return { $or: [{ primaryEmail: anywhere }, { emails: anywhere }, { firstName: atStart }, { lastName: atStart }] };
}
