/** The languages Lattice speaks, each named in itself (what the language switch lists). English is the source. */
export const supportedLocales = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
] as const;

export type Locale = (typeof supportedLocales)[number]['code'];

/** The language every catalogue is written in first and complete; a missing translation falls back to it. */
export const sourceLocale = 'en' satisfies Locale;

export function isLocale(value: unknown): value is Locale {
  return supportedLocales.some((locale) => locale.code === value);
}

/**
 * The first supported language among the ones asked for, in order (the browser's `navigator.languages`):
 * `de-AT` picks `de`; none supported gives the source language.
 */
export function matchLocale(requested: readonly string[]): Locale {
  for (const tag of requested) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return sourceLocale;
}
