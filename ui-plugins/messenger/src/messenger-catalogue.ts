import { defineCatalogue, type Translate } from '@lattice/ui-sdk';
import en from './locales/en.json' with { type: 'json' };

/** The messenger plugin's messages (docs/i18n.md): English bundled, German fetched from this remote when chosen. */
export const messengerCatalogue = defineCatalogue(en, {
  de: () => import('./locales/de.json', { with: { type: 'json' } }),
});

export type MessengerMessageId = keyof typeof en;
export type MessengerTranslate = Translate<MessengerMessageId>;
