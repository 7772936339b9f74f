import { useEffect, useState } from 'react';
import { usePageTitle } from '@lattice/ui-sdk';

/**
 * `usePageTitle`, set after the shell's own title for the page. The shell titles a plugin's page from its
 * menu text (configuration, in English) in an effect of its own; when the page mounts in the same render
 * as the shell's part around it, React runs the page's effect first and the shell's title would stay.
 * So the page's title is set one render later, and again whenever it changes (a change of language).
 */
export function usePluginPageTitle(title: string): void {
  const [afterShell, setAfterShell] = useState(false);
  useEffect(() => setAfterShell(true), []);
  usePageTitle(afterShell ? title : null);
}
