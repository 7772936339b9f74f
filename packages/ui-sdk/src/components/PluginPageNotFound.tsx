import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import { Anchor, Text, Title } from './mantine.js';
import { Link } from './router.js';

interface PluginPageNotFoundProps {
  /** The plugin's name, as the sentence shows it. */
  plugin: string;
  /** Where the link back goes, and what it says (in the active language). */
  home: { to: string; label: string };
}

/** What a plugin's own routes show for a path under its base that they do not know. */
export function PluginPageNotFound({ plugin, home }: PluginPageNotFoundProps) {
  const t = useMessages(sdkCatalogue);
  return (
    <>
      <Title order={2}>{t('pageNotFound.title')}</Title>
      <Text c="dimmed">
        {t('pageNotFound.text', { plugin })}{' '}
        <Anchor component={Link} to={home.to}>
          {home.label}
        </Anchor>
      </Text>
    </>
  );
}
