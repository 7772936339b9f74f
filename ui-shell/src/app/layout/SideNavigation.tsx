import { usePlugins } from '../plugins/PluginsProvider.js';
import { MenuIcon } from './MenuIcon.js';
import { NavLink, RouterNavLink as RouterLink, Stack, Text, useLocation } from '@lattice/ui-sdk';

/** Home, every plugin's `mainNavigation` menu from /plugins.json, then Settings. */
export function SideNavigation() {
  const { plugins, error } = usePlugins();
  const { pathname } = useLocation();
  const entries = plugins.flatMap((plugin) => plugin.menus.filter((menu) => menu.location === 'mainNavigation'));
  return (
    <Stack gap={2}>
      <NavLink component={RouterLink} to="/" label="Home" active={pathname === '/'} leftSection={<MenuIcon name="home" />} />
      {entries.map((menu) => (
        <NavLink
          key={menu.url}
          component={RouterLink}
          to={menu.url}
          label={menu.text}
          active={pathname.startsWith(menu.url.replace(/\/$/, ''))}
          leftSection={<MenuIcon name={menu.icon ?? menu.text} />}
        />
      ))}
      <NavLink
        component={RouterLink}
        to="/settings"
        label="Settings"
        active={pathname === '/settings'}
        leftSection={<MenuIcon name="settings" />}
      />
      {error && (
        <Text c="red" size="xs" p="xs">
          The plugin list could not be loaded: {error}
        </Text>
      )}
    </Stack>
  );
}
