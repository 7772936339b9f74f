import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, IconLogout, Text, useLatticeClient, useMessages, useNavigate } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { currentUserQuery, logoutMutation } from '../auth/current-user-query.js';

export function UserMenu() {
  const navigate = useNavigate();
  const client = useLatticeClient();
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const [logout, { loading }] = useMutation(logoutMutation);
  const t = useMessages(shellCatalogue);
  const user = data?.currentUser;
  if (!user) return <LanguageSwitch />;
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitch />
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
        {t('user.logOut')}
      </Button>
    </Group>
  );
}
