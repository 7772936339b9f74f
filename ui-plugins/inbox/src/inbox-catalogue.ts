import { defineCatalogue, type Translate } from '@lattice/ui-sdk';
import en from './locales/en.json' with { type: 'json' };

/** The inbox's messages (docs/i18n.md): English bundled, German fetched from this remote when chosen. */
export const inboxCatalogue = defineCatalogue(en, {
  de: () => import('./locales/de.json', { with: { type: 'json' } }),
});

/** The id of one of the inbox's messages (a key of `locales/en.json`). */
export type InboxMessageId = keyof typeof en;

/** `useMessages(inboxCatalogue)`: what a helper takes when it words something. */
export type InboxTranslate = Translate<InboxMessageId>;
