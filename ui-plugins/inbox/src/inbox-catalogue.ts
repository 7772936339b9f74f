import { defineCatalogue } from '@lattice/ui-sdk';
import en from './locales/en.json' with { type: 'json' };

/** The inbox's messages (docs/i18n.md): English bundled, German fetched from this remote when chosen. */
export const inboxCatalogue = defineCatalogue(en, {
  de: () => import('./locales/de.json', { with: { type: 'json' } }),
});
