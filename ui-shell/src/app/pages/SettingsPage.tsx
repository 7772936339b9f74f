import { pluginLabel } from '../plugins/plugin-route-paths.js';
import { usePlugins } from '../plugins/PluginsProvider.js';
import { Anchor, Card, Link, SimpleGrid, Text, Title, menuText, useCan, useLocale, useMessages, usePageTitle } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { showActivityPermission } from '../activity/activity-permission.js';

/**
 * The platform's own settings (users, permissions and activity for those who may see them, the user's password), then every plugin's
 * `settings` menu, each card naming its plugin as users know it.
 */
export function SettingsPage() {
  const t = useMessages(shellCatalogue);
  const { locale } = useLocale();
  usePageTitle(t('settings.title'));
  const { plugins } = usePlugins();
  const canListUsers = useCan('core:showUsers');
  const canManagePermissions = useCan('core:managePermissions');
  const canSeeActivity = useCan(showActivityPermission);
  const platformEntries = [
    ...(canListUsers ? [{ plugin: t('settings.platform'), menu: { url: '/settings/users', text: t('settings.users') } }] : []),
    ...(canManagePermissions ? [{ plugin: t('settings.platform'), menu: { url: '/settings/permissions', text: t('settings.permissions') } }] : []),
    ...(canSeeActivity ? [{ plugin: t('settings.platform'), menu: { url: '/settings/activity', text: t('settings.activity') } }] : []),
    { plugin: t('settings.platform'), menu: { url: '/settings/password', text: t('settings.password') } },
  ];
  const entries = [
    ...platformEntries,
    ...plugins.flatMap((plugin) =>
      plugin.menus.filter((menu) => menu.location === 'settings').map((menu) => ({ plugin: pluginLabel(plugin, locale), menu: { url: menu.url, text: menuText(menu, locale) } })),
    ),
  ];
  return (
    <>
      <Title order={2} mb="md">
        {t('settings.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {entries.map(({ plugin, menu }) => (
          <Card key={menu.url} withBorder padding="lg">
            <Anchor component={Link} to={menu.url} fw={600}>
              {menu.text}
            </Anchor>
            <Text size="xs" c="dimmed">
              {plugin}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
