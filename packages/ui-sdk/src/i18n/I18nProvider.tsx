import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadDefinedCatalogues } from './define-catalogue.js';
import { prepareFormatting } from './intl-format.js';
import { LocaleContext, type LocaleState } from './locale-context.js';
import { supportedLocales, type Locale } from './locales.js';

interface I18nProviderProps {
  initialLocale: Locale;
  /** Called once the new language shows: the shell stores it and sets `<html lang>`. */
  onLocaleChange?: (locale: Locale) => void;
  children: ReactNode;
}

/**
 * The active language for the shell and every remote. A change first loads every catalogue defined so
 * far in that language, so the pages on screen switch at once instead of falling back to a loader.
 */
export function I18nProvider({ initialLocale, onLocaleChange, children }: I18nProviderProps) {
  const [locale, setActiveLocale] = useState<Locale>(initialLocale);
  const setLocale = useCallback(
    async (next: Locale) => {
      await loadDefinedCatalogues(next);
      setActiveLocale(next);
      onLocaleChange?.(next);
    },
    [onLocaleChange],
  );
  // Once, after the shell's first render, while its page most likely still waits for data: ICU's start is
  // shared by every language, so a later switch has little left to pay.
  useEffect(() => soonWhenIdle(() => prepareFormatting(initialLocale)), [initialLocale]);
  const value = useMemo<LocaleState>(() => ({ locale, locales: supportedLocales, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/**
 * Runs `task` in the browser's next idle moment, or after 100 ms at the latest: while a page loads, its
 * main thread may not be idle before the data arrives. Returns its cancel.
 */
function soonWhenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 100 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
