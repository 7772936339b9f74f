import { isLocale, matchLocale, type Locale } from '@lattice/ui-sdk';

/** Where the language the user chose is kept in this browser. */
const localeStorageKey = 'lattice-locale';

/** The language chosen in this browser before, else the first of the browser's languages Lattice speaks. */
export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(localeStorageKey);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage refused (a privacy mode): the browser's languages decide.
  }
  return matchLocale(navigator.languages);
}

/** Keeps the choice for the next visit, and `<html lang>` in step for screen readers, spell checkers and fonts. */
export function applyLocale(locale: Locale, { remember }: { remember: boolean }) {
  document.documentElement.lang = locale;
  if (!remember) return;
  try {
    localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Not kept: the language still applies until the page is closed.
  }
}
