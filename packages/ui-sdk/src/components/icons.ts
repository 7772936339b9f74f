// Lattice's one icon set: Tabler icons (MIT, the set Mantine's own docs use), re-exported by name so
// that only these are bundled, once, in the shell, and remotes use that copy through this package.
// A plugin menu's `icon` names one of `menuIcons`; add an icon here before a plugin can use it.
import {
  IconChartBar,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconFile,
  IconFlask,
  IconHome,
  IconInbox,
  IconKey,
  IconLockOpen,
  IconLogout,
  IconMail,
  IconPencil,
  IconPlug,
  IconPlus,
  IconPuzzle,
  IconRefresh,
  IconSearch,
  IconSelector,
  IconSettings,
  IconTrash,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export {
  IconChartBar,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconFile,
  IconFlask,
  IconHome,
  IconInbox,
  IconKey,
  IconLockOpen,
  IconLogout,
  IconMail,
  IconPencil,
  IconPlug,
  IconPlus,
  IconPuzzle,
  IconRefresh,
  IconSearch,
  IconSelector,
  IconSettings,
  IconTrash,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
};
export type { Icon as TablerIcon } from '@tabler/icons-react';

/** The icons a UI plugin's menu may name in its `icon` field (Tabler names, kebab-case, without "Icon"). */
export const menuIcons: Readonly<Record<string, Icon>> = {
  'chart-bar': IconChartBar,
  file: IconFile,
  flask: IconFlask,
  home: IconHome,
  inbox: IconInbox,
  mail: IconMail,
  plug: IconPlug,
  puzzle: IconPuzzle,
  settings: IconSettings,
  users: IconUsers,
};

/** The icon a menu names; an unknown or missing name gets a neutral puzzle piece rather than nothing. */
export function menuIcon(name: string | undefined): Icon {
  return (name && menuIcons[name]) || IconPuzzle;
}
