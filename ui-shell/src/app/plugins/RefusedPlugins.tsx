import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Alert, Code, Stack, Text, useMessages, type RefusedPlugin } from '@lattice/ui-sdk';
import { currentUserQuery } from '../auth/current-user-query.js';
import { shellCatalogue } from '../i18n/shell-catalogue.js';

/**
 * Names the remotes the front-end server left out (their descriptor or entry is wrong), with the field at
 * fault, over every signed-in page until closed: their menus are missing, and this says why. Each reason
 * shows as the front-end server words it; the sentences around it are in the user's language.
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
          <Text size="sm" key={plugin.name}>
            <strong>{plugin.name}</strong>: <Code>{plugin.reason}</Code>
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
