import { defineCatalogue } from '@lattice/ui-sdk';
import en from './locales/en.json' with { type: 'json' };

/** The shell's own messages: layout, navigation, login, home, not-found and settings pages. */
export const shellCatalogue = defineCatalogue(en, {
  de: () => import('./locales/de.json', { with: { type: 'json' } }),
});
