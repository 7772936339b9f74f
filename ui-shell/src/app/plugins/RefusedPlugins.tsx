import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Alert, Code, Stack, Text, type RefusedPlugin } from '@lattice/ui-sdk';
import { currentUserQuery } from '../auth/current-user-query.js';

/**
 * Names the remotes the front-end server left out (their descriptor or entry is wrong), with the field at
 * fault, over every signed-in page until closed: their menus are missing, and this says why.
 */
export function RefusedPlugins({ refused }: { refused: RefusedPlugin[] }) {
  // Signed-in pages only: the login page stays as it is for everybody.
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const [closed, setClosed] = useState(false);
  if (refused.length === 0 || closed || !data?.currentUser) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      data-testid="plugins-refused"
      title={refused.length === 1 ? `The ${refused[0]!.name} plugin was left out` : `${refused.length} plugins were left out`}
      withCloseButton
      closeButtonLabel="Close"
      onClose={() => setClosed(true)}
      pos="fixed"
      bottom={16}
      right={16}
      maw={480}
      style={{ zIndex: 300 }}
    >
      <Stack gap="xs">
        <Text size="sm">The rest of Lattice keeps working. What its team must fix:</Text>
        {refused.map((plugin) => (
          <Text size="sm" key={plugin.name}>
            <strong>{plugin.name}</strong>: <Code>{plugin.reason}</Code>
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
