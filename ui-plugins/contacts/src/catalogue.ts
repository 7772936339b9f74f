import { defineCatalogue } from '@lattice/ui-sdk';
import en from './locales/en.json' with { type: 'json' };

/** The contacts plugin's messages (docs/i18n.md): English bundled, German fetched from this remote when chosen. */
export const catalogue = defineCatalogue(en, {
  de: () => import('./locales/de.json', { with: { type: 'json' } }),
});

/** An id of this catalogue (a key of `locales/en.json`). */
export type MessageId = NonNullable<(typeof catalogue)['ids']>;
