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

/** The form's values as mutation variables, or which required value is missing (the form words it). */
export function documentInputOf(values: DocumentFormValues): { input: DocumentInput } | { missing: 'name' } {
  const name = values.name.trim();
  if (!name) return { missing: 'name' };
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

/**
 * How an expiry day is formatted (with `useFormat().date`): the day is stored as its midnight UTC, so it
 * is read in UTC and shows as the same day in every time zone ("Feb 28, 2031", "28.02.2031").
 */
export const expiryDayFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

/** The fields the conflict view compares, in the form's order. */
export const comparedFields = ['name', 'typeId', 'expiryDate', 'checked'] as const satisfies ReadonlyArray<keyof DocumentFormValues>;
export type ComparedField = (typeof comparedFields)[number];

/**
 * After a CONFLICT: the fields where the version saved meanwhile and the user's differ, the choice between
 * keeping theirs and taking the other's. A name compares trimmed, as it is stored.
 */
export function conflictingFields(saved: DocumentFormValues, mine: DocumentFormValues): ComparedField[] {
  const comparable = (values: DocumentFormValues, field: ComparedField) => (field === 'name' ? values.name.trim() : values[field]);
  return comparedFields.filter((field) => comparable(saved, field) !== comparable(mine, field));
}
