import { use } from 'react';
import type { I18n } from '@lingui/core';
import type { Catalogue } from './define-catalogue.js';
import { useLocale } from './locale-context.js';

/**
 * The catalogue's Lingui instance in the active language. The first render in a language whose messages
 * have not arrived yet suspends (the nearest `<Suspense>` shows its fallback) until they have.
 */
export function useCatalogueI18n(catalogue: Catalogue): I18n {
  const { locale } = useLocale();
  const loaded = catalogue.instance(locale);
  if (loaded) return loaded;
  use(catalogue.load(locale));
  const instance = catalogue.instance(locale);
  if (!instance) throw new Error(`The catalogue for "${locale}" was loaded but has no messages`);
  return instance;
}
