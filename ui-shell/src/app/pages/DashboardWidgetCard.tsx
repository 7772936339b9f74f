import { useEffect, useState, type ComponentType } from 'react';
import { Alert, Button, Card, Code, Loader, RemoteBoundary, Stack, Text, type PluginManifestEntry } from '@lattice/ui-sdk';
import { pluginLabel } from '../plugins/plugin-route-paths.js';
import { loadDashboardWidget } from './load-dashboard-widget.js';

interface Loaded {
  key: string;
  Widget?: ComponentType;
  error?: Error;
}

/**
 * One plugin's home page widget in its own card: loaded from the plugin's remote, inside its own error
 * boundary, so a widget that cannot load or throws shows its failure in its card and the others stay.
 */
export function DashboardWidgetCard({ plugin }: { plugin: PluginManifestEntry }) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${plugin.name}:${attempt}`;
  const current = loaded?.key === key ? loaded : null;
  const needed = current === null;
  useEffect(() => {
    if (!needed) return;
    let cancelled = false;
    loadDashboardWidget(plugin, attempt > 0).then(
      (Widget) => !cancelled && setLoaded({ key, Widget }),
      (error: unknown) => !cancelled && setLoaded({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
  }, [plugin, attempt, key, needed]);

  const label = pluginLabel(plugin);
  const retry = () => setAttempt((value) => value + 1);
  const unavailable = (error: Error) => <WidgetUnavailable label={label} error={error} onRetry={retry} />;
  const Widget = current?.Widget;
  return (
    <Card withBorder padding="lg" component="section" aria-label={label} data-testid="dashboard-widget" data-plugin={plugin.name}>
      {current?.error && unavailable(current.error)}
      {!current && <Loader size="sm" aria-label={`Loading ${label}`} />}
      {Widget && (
        <RemoteBoundary key={key} fallback={unavailable}>
          <Widget />
        </RemoteBoundary>
      )}
    </Card>
  );
}

function WidgetUnavailable({ label, error, onRetry }: { label: string; error: Error; onRetry: () => void }) {
  return (
    <Alert color="orange" title={`${label} is unavailable`} role="alert" data-testid="dashboard-widget-unavailable">
      <Stack gap="sm" align="flex-start">
        <Code>{error.message}</Code>
        <Text size="sm">The rest of the page keeps working.</Text>
        <Button size="xs" variant="light" color="orange" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
