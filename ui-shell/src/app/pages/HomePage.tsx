import { usePlugins } from '../plugins/PluginsProvider.js';
import { Anchor, Card, Link, SimpleGrid, Text, Title, usePageTitle } from '@lattice/ui-sdk';
import { DashboardWidgetCard } from './DashboardWidgetCard.js';

/** What each enabled plugin contributes: its widget when it declares one (`dashboardWidget`), else a link to its page. */
export function HomePage() {
  usePageTitle('Home');
  const { plugins } = usePlugins();
  const withWidget = plugins.filter((plugin) => plugin.dashboardWidget);
  const links = plugins
    .filter((plugin) => !plugin.dashboardWidget)
    .flatMap((plugin) => plugin.menus.filter((menu) => menu.location === 'mainNavigation'));
  return (
    <>
      <Title order={2} mb="md">
        Welcome to Lattice
      </Title>
      {plugins.length === 0 && <Text c="dimmed">No UI plugin is enabled. Add one to configs.json and restart.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {withWidget.map((plugin) => (
          <DashboardWidgetCard key={plugin.name} plugin={plugin} />
        ))}
        {links.map((menu) => (
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
