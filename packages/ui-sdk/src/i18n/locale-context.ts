import { createContext, useContext } from 'react';
import { sourceLocale, supportedLocales, type Locale } from './locales.js';

export interface LocaleState {
  /** The language the UI shows now. */
  locale: Locale;
  /** Every language the user may choose, each named in itself. */
  locales: typeof supportedLocales;
  /** Loads every catalogue in the new language, then shows it (the shell also remembers the choice). */
  setLocale: (locale: Locale) => Promise<void>;
}

/** Provided by the shell (`I18nProvider`); without one (a component rendered alone) everything is English. */
export const LocaleContext = createContext<LocaleState>({
  locale: sourceLocale,
  locales: supportedLocales,
  setLocale: async () => undefined,
});

/** The active language, the ones on offer, and how to change it. */
export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}
