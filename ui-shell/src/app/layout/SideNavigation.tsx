import { useQuery } from '@apollo/client/react';
import { NavLink, RouterNavLink as RouterLink, Stack, Text, menuText, useLocale, useLocation, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { currentUserQuery } from '../../graphql/current-user-query.js';
import { usePlugins } from '../plugins/PluginsProvider.js';
import { MenuIcon } from './MenuIcon.js';
import { dashboardFrontPath, useDashboardAccess } from './use-dashboard-access.js';

/** Home, every plugin's `mainNavigation` menu from /plugins.json, the dashboard for those who may read it, then Settings. */
export function SideNavigation() {
  const { plugins, error } = usePlugins();
  const { pathname } = useLocation();
  const t = useMessages(shellCatalogue);
  const { locale } = useLocale();
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const user = data?.currentUser;
  const entries = plugins.flatMap((plugin) => plugin.menus.filter((menu) => menu.location === 'mainNavigation'));
  const dashboard = useDashboardAccess(user?._id);
  return (
    <Stack gap={2} data-dashboard-access={dashboard}>
      {user && (
        <Text size="sm" c="dimmed" hiddenFrom="sm" truncate px="xs" pb="xs">
          {user.name || user.email}
        </Text>
      )}
      <NavLink component={RouterLink} to="/" label={t('nav.home')} active={pathname === '/'} leftSection={<MenuIcon name="home" />} />
      {entries.map((menu) => (
        <NavLink
          key={menu.url}
          component={RouterLink}
          to={menu.url}
          label={menuText(menu, locale)}
          active={pathname.startsWith(menu.url.replace(/\/$/, ''))}
          leftSection={<MenuIcon name={menu.icon} />}
        />
      ))}
      {/* A page of its own (its own app at /dashboard/front/), so a plain link, not a route of the shell. */}
      {dashboard === 'readable' && <NavLink component="a" href={dashboardFrontPath} label={t('nav.dashboard')} leftSection={<MenuIcon name="chart-bar" />} />}
      <NavLink
        component={RouterLink}
        to="/settings"
        label={t('nav.settings')}
        active={pathname === '/settings' || pathname.startsWith('/settings/')}
        leftSection={<MenuIcon name="settings" />}
      />
      {error && (
        <Text c="red" size="xs" p="xs">
          {t('nav.pluginsFailed', { error })}
        </Text>
      )}
    </Stack>
  );
}
