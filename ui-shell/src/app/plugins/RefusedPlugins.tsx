import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Alert, Code, Stack, Text, useMessages, type RefusalCheck, type RefusedPlugin } from '@lattice/ui-sdk';
import { currentUserQuery } from '../../graphql/current-user-query.js';
import { shellCatalogue } from '../i18n/shell-catalogue.js';

const checkMessages = {
  descriptor: 'plugins.check.descriptor',
  version: 'plugins.check.version',
  'shared-module': 'plugins.check.sharedModule',
  integrity: 'plugins.check.integrity',
  network: 'plugins.check.network',
  cors: 'plugins.check.cors',
  claim: 'plugins.check.claim',
  build: 'plugins.check.build',
} as const satisfies Record<RefusalCheck, string>;

/**
 * Names the plugins the front-end server left out, over every signed-in page until closed: their menus
 * are missing, and this says why. Which check failed is said in words in the user's language; the reason
 * (the field at fault, URLs and hashes) shows as the front-end server words it, and the server gives it to
 * owners and admins only.
 */
export function RefusedPlugins({ refused }: { refused: RefusedPlugin[] }) {
  // Signed-in pages only: the login page stays as it is for everybody.
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const [closed, setClosed] = useState(false);
  const t = useMessages(shellCatalogue);
  if (refused.length === 0 || closed || !data?.currentUser) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      data-testid="plugins-refused"
      title={t('plugins.refused.title', { count: refused.length, name: refused[0]?.name })}
      withCloseButton
      closeButtonLabel={t('plugins.refused.close')}
      onClose={() => setClosed(true)}
      pos="fixed"
      bottom={16}
      right={16}
      maw={480}
      style={{ zIndex: 300 }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('plugins.refused.text', { count: refused.length })}</Text>
        {refused.map((plugin) => (
          <Stack gap={2} key={plugin.name} data-testid={`plugin-refused-${plugin.name}`}>
            <Text size="sm">
              <strong>{plugin.name}</strong>: {t(checkMessages[plugin.check] ?? 'plugins.check.descriptor')}
            </Text>
            {plugin.reason ? <Code>{plugin.reason}</Code> : null}
          </Stack>
        ))}
        {refused.some((plugin) => !plugin.reason) ? (
          <Text size="xs" c="dimmed">
            {t('plugins.refused.detailsForAdmins')}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
