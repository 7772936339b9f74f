import { ThemeIcon } from '@lattice/ui-sdk';

// Menus name their icon with a word; a letter badge keeps the shell free of an icon font.
export function MenuIcon({ name }: { name: string }) {
  return (
    <ThemeIcon variant="light" size="sm" aria-hidden>
      {name.charAt(0).toUpperCase()}
    </ThemeIcon>
  );
}
