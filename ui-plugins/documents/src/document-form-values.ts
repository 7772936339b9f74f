import type { DocumentInput } from './graphql/document-mutations.js';
import type { DocumentRow } from './graphql/documents-page-query.js';

/** What the document form edits: strings as inputs hold them ('' = none, dates as YYYY-MM-DD). */
export interface DocumentFormValues {
  name: string;
  typeId: string;
  expiryDate: string | null;
  checked: boolean;
}

export function formValuesOf(document: DocumentRow | null, defaultTypeId: string | null): DocumentFormValues {
  return {
    name: document?.name ?? '',
    typeId: document ? (document.typeId ?? '') : (defaultTypeId ?? ''),
    expiryDate: document?.expiryDate ? document.expiryDate.slice(0, 10) : null,
    checked: document?.checked ?? false,
  };
}

/** The form's values as mutation variables, or the message to show when the name is missing. */
export function documentInputOf(values: DocumentFormValues): { input: DocumentInput } | { error: string } {
  const name = values.name.trim();
  if (!name) return { error: 'Name is required' };
  return {
    input: {
      name,
      typeId: values.typeId || null,
      // A calendar day, stored as that day's midnight UTC so it reads back as the same day everywhere.
      expiryDate: values.expiryDate ? new Date(`${values.expiryDate}T00:00:00.000Z`).toISOString() : null,
      checked: values.checked,
    },
  };
}

/** "2026-11-21" from an ISO date, as the table shows it. */
export function displayDate(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '—';
}
