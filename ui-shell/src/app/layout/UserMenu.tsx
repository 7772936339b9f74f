import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Group, IconLogout, Text, useLatticeClient, useMessages, useNavigate } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { currentUserQuery, logoutMutation } from '../../graphql/current-user-query.js';
import { forgetSignedInOfflineCopies } from '../boot/offline-copies.js';

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
      {/* On a phone the icon alone (named by aria-label), so the header fits 360 px. */}
      <Button
        variant="subtle"
        size="xs"
        aria-label={t('user.logOut')}
        leftSection={<IconLogout size={16} stroke={1.6} aria-hidden />}
        loading={loading}
        onClick={async () => {
          await logout().catch(() => undefined);
          // The phone app's kept copies show this user's plugins: gone from the device with the session.
          await forgetSignedInOfflineCopies().catch(() => undefined);
          await client.clearStore();
          navigate('/login', { replace: true });
        }}
      >
        <Box component="span" visibleFrom="sm">
          {t('user.logOut')}
        </Box>
      </Button>
    </Group>
  );
}
