import { useMemo } from 'react';
import { Alert, Button, Group, IconRefresh, Text, useLocale, useMessages, type PluginManifestEntry } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { pluginLabel } from './plugin-route-paths.js';

/** "<plugin> was updated": this tab runs the code it loaded before the redeploy until it reloads. */
export function PluginUpdateNotice({ plugins, onClose }: { plugins: PluginManifestEntry[]; onClose: () => void }) {
  const { locale } = useLocale();
  const t = useMessages(shellCatalogue);
  // "Documents, Inbox and Reports" / "Dokumente, Posteingang und Reports": the list the way the language writes it.
  const list = useMemo(() => new Intl.ListFormat(locale, { type: 'conjunction' }), [locale]);
  const names = list.format(plugins.map((plugin) => pluginLabel(plugin, locale)));
  return (
    <Alert
      role="status"
      data-testid="plugin-updated"
      color="blue"
      icon={<IconRefresh aria-hidden />}
      title={t('plugins.updated.title', { count: plugins.length, names })}
      withCloseButton
      closeButtonLabel={t('plugins.updated.dismiss')}
      onClose={onClose}
      pos="fixed"
      top={72}
      right={16}
      maw={420}
      style={{ zIndex: 300 }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{t('plugins.updated.text')}</Text>
        <Button size="xs" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
          {t('plugins.updated.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
