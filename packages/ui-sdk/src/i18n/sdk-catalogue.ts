import en from '../locales/en.json' with { type: 'json' };
import { defineCatalogue } from './define-catalogue.js';

/** The messages of ui-sdk's own components (ConfirmModal, EditConflict, FormModal, PluginPageNotFound, IntegrationComponent, ActivityHistory). */
export const sdkCatalogue = defineCatalogue(en, {
  de: () => import('../locales/de.json', { with: { type: 'json' } }),
});
