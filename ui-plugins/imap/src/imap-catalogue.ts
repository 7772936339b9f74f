import { defineCatalogue, type Translate } from '@lattice/ui-sdk';
import en from './locales/en.json' with { type: 'json' };

/** The imap plugin's messages (docs/i18n.md): English bundled, German fetched from this remote when chosen. */
export const imapCatalogue = defineCatalogue(en, {
  de: () => import('./locales/de.json', { with: { type: 'json' } }),
});

/** The id of one of the imap plugin's messages (a key of `locales/en.json`). */
export type ImapMessageId = keyof typeof en;

/** `useMessages(imapCatalogue)`: what a helper takes when it words something. */
export type ImapTranslate = Translate<ImapMessageId>;
