import { useQuery } from '@apollo/client/react';
import { usePlugins } from '../plugins/PluginsProvider.js';
import { Anchor, Card, Link, SimpleGrid, Text, Title, menuText, useFormat, useLocale, useMessages, usePageTitle } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { currentUserQuery } from '../../graphql/current-user-query.js';
import { dashboardFrontPath, useDashboardAccess } from '../layout/use-dashboard-access.js';
import { DashboardWidgetCard } from './DashboardWidgetCard.js';

/**
 * What each enabled plugin contributes: its widget when it declares one (`dashboardWidget`), else a link to its page;
 * and the dashboard's charts for a user who may read them.
 */
export function HomePage() {
  const t = useMessages(shellCatalogue);
  const format = useFormat();
  const { locale } = useLocale();
  usePageTitle(t('home.title'));
  const { plugins } = usePlugins();
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const dashboard = useDashboardAccess(data?.currentUser?._id);
  const withWidget = plugins.filter((plugin) => plugin.dashboardWidget);
  const links = plugins
    .filter((plugin) => !plugin.dashboardWidget)
    .flatMap((plugin) => plugin.menus.filter((menu) => menu.location === 'mainNavigation'));
  return (
    <>
      <Title order={2}>{t('home.welcome')}</Title>
      <Text c="dimmed" mb="md" data-testid="home-summary">
        {format.date(new Date(), { dateStyle: 'full' })}
        {plugins.length > 0 && ` · ${t('home.pluginCount', { count: plugins.length })}`}
      </Text>
      {plugins.length === 0 && <Text c="dimmed">{t('home.noPlugins')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {withWidget.map((plugin) => (
          <DashboardWidgetCard key={plugin.name} plugin={plugin} />
        ))}
        {dashboard === 'readable' && (
          <Card withBorder padding="lg">
            <Anchor href={dashboardFrontPath} fw={600}>
              {t('home.dashboard')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('home.dashboardText')}
            </Text>
          </Card>
        )}
        {links.map((menu) => (
          <Card key={menu.url} withBorder padding="lg">
            <Anchor component={Link} to={menu.url} fw={600}>
              {menuText(menu, locale)}
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
