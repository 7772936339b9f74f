import { Alert, Button, Group, IconPlug, Text, useLocale, type PluginManifestEntry } from '@lattice/ui-sdk';
import { pluginLabel } from './plugin-route-paths.js';

/** "<plugin> was updated": this tab runs the code it loaded before the redeploy until it reloads. */
export function PluginUpdateNotice({ plugins, onClose }: { plugins: PluginManifestEntry[]; onClose: () => void }) {
  const { locale } = useLocale();
  const names = plugins.map((plugin) => pluginLabel(plugin, locale));
  const title = names.length === 1 ? `${names[0]} was updated` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} were updated`;
  return (
    <Alert
      role="status"
      data-testid="plugin-updated"
      color="blue"
      icon={<IconPlug aria-hidden />}
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      pos="fixed"
      top={72}
      right={16}
      maw={420}
      style={{ zIndex: 300 }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">This page still runs the earlier version.</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
