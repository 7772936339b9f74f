import { usePlugins } from '../plugins/PluginsProvider.js';
import { Anchor, Card, Link, SimpleGrid, Text, Title, useCan, usePageTitle } from '@lattice/ui-sdk';

/** The platform's own settings (users for those who may see them, the user's password), then every plugin's `settings` menu. */
export function SettingsPage() {
  usePageTitle('Settings');
  const { plugins } = usePlugins();
  const canListUsers = useCan('users.list');
  const platformEntries = [
    ...(canListUsers ? [{ plugin: 'platform', menu: { url: '/settings/users', text: 'Users' } }] : []),
    { plugin: 'platform', menu: { url: '/settings/password', text: 'Your password' } },
  ];
  const entries = [
    ...platformEntries,
    ...plugins.flatMap((plugin) => plugin.menus.filter((menu) => menu.location === 'settings').map((menu) => ({ plugin: plugin.name, menu }))),
  ];
  return (
    <>
      <Title order={2} mb="md">
        Settings
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
