import { createTheme } from '@lattice/ui-sdk';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/** Where the chosen colour scheme (light, dark or auto) is kept; index.html reads the same key. */
export const colorSchemeStorageKey = 'lattice-color-scheme';
