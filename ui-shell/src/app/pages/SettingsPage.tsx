import { usePlugins } from '../plugins/PluginsProvider.js';
import { Anchor, Card, Link, SimpleGrid, Text, Title, usePageTitle } from '@lattice/ui-sdk';

/** One card per `settings` menu of the enabled plugins. */
export function SettingsPage() {
  usePageTitle('Settings');
  const { plugins } = usePlugins();
  const entries = plugins.flatMap((plugin) =>
    plugin.menus.filter((menu) => menu.location === 'settings').map((menu) => ({ plugin: plugin.name, menu })),
  );
  return (
    <>
      <Title order={2} mb="md">
        Settings
      </Title>
      {entries.length === 0 && <Text c="dimmed">No enabled plugin has settings.</Text>}
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
