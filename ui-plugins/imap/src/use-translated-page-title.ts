import { useEffect, useState } from 'react';
import { usePageTitle } from '@lattice/ui-sdk';

/**
 * `usePageTitle` for one of this remote's pages, in the active language. The shell also titles a plugin's
 * pages, from its menu text (configuration, so English), in an effect of the shell's own page component; React
 * runs that parent effect after this page's effects of the same render, so a title set at once would be
 * overwritten when the page opens. The translated title is therefore set from the page's second render on (the
 * very next one), and again whenever it changes. A workaround until the shell leaves the title to a page that
 * sets one.
 */
export function useTranslatedPageTitle(title: string): void {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  usePageTitle(mounted ? title : null);
}
