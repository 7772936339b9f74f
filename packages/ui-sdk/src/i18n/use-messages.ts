import { useCallback } from 'react';
import type { Catalogue } from './define-catalogue.js';
import { useCatalogueI18n } from './use-catalogue-i18n.js';

/** What a message's placeholders are filled with: `{ count: 3 }` for `{count, plural, one {# item} other {# items}}`. */
export type MessageValues = Record<string, unknown>;

/** Formats one message of a catalogue, by id, in the active language. */
export type Translate<Id extends string> = (id: Id, values?: MessageValues) => string;

/**
 * The catalogue's messages in the active language: `const t = useMessages(catalogue); t('title')`.
 * Re-renders the component when the language changes.
 */
export function useMessages<Id extends string>(catalogue: Catalogue<Id>): Translate<Id> {
  const i18n = useCatalogueI18n(catalogue);
  return useCallback((id, values) => i18n._(id, values), [i18n]);
}
