import { Suspense } from 'react';
import { Alert, Button, Card, Code, Loader, RemoteBoundary, Stack, Text, useLocale, useMessages, type PluginManifestEntry } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { pluginLabel } from '../plugins/plugin-route-paths.js';
import { useRemoteComponent } from '../plugins/use-remote-component.js';
import { loadDashboardWidget } from './load-dashboard-widget.js';

/**
 * One plugin's home page widget in its own card: loaded from the plugin's remote, inside its own error
 * boundary, so a widget that cannot load or throws shows its failure in its card and the others stay.
 */
export function DashboardWidgetCard({ plugin }: { plugin: PluginManifestEntry }) {
  const { key, Component: Widget, error, retry } = useRemoteComponent(plugin, loadDashboardWidget);
  const { locale } = useLocale();
  const label = pluginLabel(plugin, locale);
  const t = useMessages(shellCatalogue);
  const loading = <Loader size="sm" aria-label={t('widget.loading', { label })} />;
  const unavailable = (failure: Error) => <WidgetUnavailable label={label} error={failure} onRetry={retry} />;
  return (
    <Card withBorder padding="lg" component="section" aria-label={label} data-testid="dashboard-widget" data-plugin={plugin.name}>
      {error && unavailable(error)}
      {!error && !Widget && loading}
      {Widget && (
        <RemoteBoundary key={key} fallback={unavailable}>
          {/* A widget waiting for its messages in the chosen language keeps the loader in its own card. */}
          <Suspense fallback={loading}>
            <Widget />
          </Suspense>
        </RemoteBoundary>
      )}
    </Card>
  );
}

function WidgetUnavailable({ label, error, onRetry }: { label: string; error: Error; onRetry: () => void }) {
  const t = useMessages(shellCatalogue);
  return (
    <Alert color="orange" title={t('widget.unavailable', { label })} role="alert" data-testid="dashboard-widget-unavailable">
      <Stack gap="sm" align="flex-start">
        <Code>{error.message}</Code>
        <Text size="sm">{t('widget.restWorks')}</Text>
        <Button size="xs" variant="light" color="orange" onClick={onRetry}>
          {t('widget.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
