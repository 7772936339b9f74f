import { createElement } from 'react';
import { CloseIcon, IconEye, IconEyeOff, createTheme, type CSSVariablesResolver } from '@lattice/ui-sdk';

/** The shell's theme; `closeLabel` names Mantine's close buttons (modals, alerts) in the active language. */
export const createShellTheme = (closeLabel: string) =>
  createTheme({
    primaryColor: 'indigo',
    // WCAG AA asks 4.5:1 for text: white on indigo 6 (buttons) and indigo 6 links on white are 4.3:1,
    // shade 7 is 5:1. Dark keeps Mantine's shade 8 (5.7:1 under white text).
    primaryShade: { light: 7, dark: 8 },
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    components: {
      // Mantine's own icons inside named controls (select chevrons, close buttons, the password eye) carry
      // no aria-hidden, so checkers read them as unnamed graphics; they are decoration.
      ComboboxChevron: { defaultProps: { 'aria-hidden': true } },
      CloseButton: { defaultProps: { 'aria-label': closeLabel, icon: createElement(CloseIcon, { 'aria-hidden': true }) } },
      PasswordInput: {
        defaultProps: {
          visibilityToggleIcon: ({ reveal }: { reveal: boolean }) => createElement(reveal ? IconEyeOff : IconEye, { size: 16, stroke: 1.6, 'aria-hidden': true }),
        },
      },
    },
  });

/**
 * Mantine's "dimmed" text (gray 6 on white, dark 2 on dark 7) is 3.3–3.5:1, under WCAG AA's 4.5:1 for
 * normal text; gray 7 and dark 1 read as secondary and pass on every background the shell uses. The
 * primary "light" variant (an active NavLink, light badges) puts shade 7 text on a tinted background
 * that turns to shade 2 when hovered: shade 9 text on at most shade 1 keeps it over 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-primary-color-light-color': resolved.colors.indigo[9],
    '--mantine-primary-color-light-hover': resolved.colors.indigo[1],
  },
  dark: { '--mantine-color-dimmed': resolved.colors.dark[1] },
});

/** Where the chosen colour scheme (light, dark or auto) is kept; index.html reads the same key. */
export const colorSchemeStorageKey = 'lattice-color-scheme';
