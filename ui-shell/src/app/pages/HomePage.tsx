import { usePlugins } from '../plugins/PluginsProvider.js';
import { Anchor, Card, Link, SimpleGrid, Text, Title, usePageTitle } from '@lattice/ui-sdk';

export function HomePage() {
  usePageTitle('Home');
  const { plugins } = usePlugins();
  const entries = plugins.flatMap((plugin) => plugin.menus.filter((menu) => menu.location === 'mainNavigation'));
  return (
    <>
      <Title order={2} mb="md">
        Welcome to Lattice
      </Title>
      {entries.length === 0 && <Text c="dimmed">No UI plugin is enabled. Add one to configs.json and restart.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {entries.map((menu) => (
          <Card key={menu.url} withBorder padding="lg">
            <Anchor component={Link} to={menu.url} fw={600}>
              {menu.text}
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
