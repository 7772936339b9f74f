import { menuIcon } from '@lattice/ui-sdk';

/** A menu's Tabler icon by the name its plugin gave (a neutral one for a name Lattice does not know). */
export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = menuIcon(name);
  return <Icon size={20} stroke={1.6} aria-hidden />;
}
