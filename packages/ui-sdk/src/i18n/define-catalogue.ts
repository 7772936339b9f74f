import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { sourceLocale, type Locale } from './locales.js';

/** A catalogue as its JSON file reads: message ids and ICU messages (the build hands the code them compiled). */
export type CatalogueMessages = Record<string, string>;

/** How each translation is fetched: `() => import('./locales/de.json', { with: { type: 'json' } })`. */
export type CatalogueTranslations = Partial<Record<Exclude<Locale, typeof sourceLocale>, () => Promise<{ default: CatalogueMessages }>>>;

/** One plugin's messages: the source language bundled, every other language loaded the first time it is needed. */
export interface Catalogue<Id extends string = string> {
  /** The Lingui instance for a language once it is loaded (the source language always is), else undefined. */
  instance(locale: Locale): I18n | undefined;
  /** Loads a language (once; later calls get the same promise). A language it lacks or cannot fetch shows the source messages. */
  load(locale: Locale): Promise<void>;
  /** Only for the type of the ids; no value at run time. */
  readonly ids?: Id;
}

const definedCatalogues = new Set<Catalogue>();

/** Every catalogue defined so far, so that a change of language can load them all before it shows. */
export function loadDefinedCatalogues(locale: Locale): Promise<void> {
  return Promise.all([...definedCatalogues].map((catalogue) => catalogue.load(locale))).then(() => undefined);
}

/**
 * A plugin's message catalogue. `source` is the English catalogue, imported statically; `translations`
 * fetch the others lazily. Each language gets its own Lingui instance, with the source messages under the
 * translated ones, so an id not translated yet shows in English rather than as its id.
 */
export function defineCatalogue<Source extends CatalogueMessages>(source: Source, translations: CatalogueTranslations = {}): Catalogue<keyof Source & string> {
  const instances = new Map<Locale, I18n>();
  const loading = new Map<Locale, Promise<void>>();
  const create = (locale: Locale, messages: CatalogueMessages) => {
    // The build compiles every message (the catalogue loader); the types above describe the JSON files.
    instances.set(locale, setupI18n({ locale, messages: { [locale]: messages as unknown as Messages } }));
  };
  create(sourceLocale, source);

  const catalogue: Catalogue<keyof Source & string> = {
    instance: (locale) => instances.get(locale),
    load(locale) {
      const pending = loading.get(locale);
      if (pending) return pending;
      const fetchTranslation = locale === sourceLocale ? undefined : translations[locale];
      const promise = (fetchTranslation ? fetchTranslation() : Promise.resolve({ default: {} }))
        .then((module) => module.default)
        .catch((error: unknown) => {
          console.warn(`A message catalogue for "${locale}" could not be loaded; its messages show in the source language`, error);
          return {};
        })
        .then((translated) => {
          if (!instances.has(locale)) create(locale, { ...source, ...translated });
        });
      loading.set(locale, promise);
      return promise;
    },
  };
  definedCatalogues.add(catalogue);
  return catalogue;
}
