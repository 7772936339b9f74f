import { Anchor, Text, Title } from './mantine.js';
import { Link } from './router.js';

interface PluginPageNotFoundProps {
  /** The plugin's name, as the sentence shows it. */
  plugin: string;
  /** Where the link back goes, and what it says. */
  home: { to: string; label: string };
}

/** What a plugin's own routes show for a path under its base that they do not know. */
export function PluginPageNotFound({ plugin, home }: PluginPageNotFoundProps) {
  return (
    <>
      <Title order={2}>Not found</Title>
      <Text c="dimmed">
        The {plugin} plugin has no such page.{' '}
        <Anchor component={Link} to={home.to}>
          {home.label}
        </Anchor>
      </Text>
    </>
  );
}
