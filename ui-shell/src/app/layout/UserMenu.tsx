import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Text, useLatticeClient, useNavigate } from '@lattice/ui-sdk';
import { currentUserQuery, logoutMutation } from '../auth/current-user-query.js';

export function UserMenu() {
  const navigate = useNavigate();
  const client = useLatticeClient();
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const [logout, { loading }] = useMutation(logoutMutation);
  const user = data?.currentUser;
  if (!user) return null;
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed">
        {user.name || user.email}
      </Text>
      <Button
        variant="subtle"
        size="xs"
        loading={loading}
        onClick={async () => {
          await logout().catch(() => undefined);
          await client.clearStore();
          navigate('/login', { replace: true });
        }}
      >
        Log out
      </Button>
    </Group>
  );
}
