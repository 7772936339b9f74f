import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, IconLogout, Text, useLatticeClient, useNavigate } from '@lattice/ui-sdk';
import { currentUserQuery, logoutMutation } from '../auth/current-user-query.js';

export function UserMenu() {
  const navigate = useNavigate();
  const client = useLatticeClient();
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const [logout, { loading }] = useMutation(logoutMutation);
  const user = data?.currentUser;
  if (!user) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {/* On a phone the name would crowd the header; the navigation shows who is logged in there. */}
      <Text size="sm" c="dimmed" visibleFrom="sm" truncate maw={220}>
        {user.name || user.email}
      </Text>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconLogout size={16} stroke={1.6} aria-hidden />}
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
