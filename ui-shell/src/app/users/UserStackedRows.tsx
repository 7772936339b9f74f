import { Box, Group, Paper, Stack, Text, useFormat, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { UserActionButtons } from './UserActionButtons.js';
import { UserRoleControl } from './UserRoleControl.js';
import { UserStateBadges } from './UserStateBadges.js';
import type { UserActions } from './use-user-actions.js';
import type { UserRow } from '../../graphql/users-queries.js';

/**
 * The users on a phone: one card per user, its fields stacked, so nothing is wider than the screen and every
 * action is in view without scrolling sideways.
 */
export function UserStackedRows({ users, actions }: { users: UserRow[]; actions: UserActions }) {
  const t = useMessages(shellCatalogue);
  const format = useFormat();
  return (
    <Stack component="ul" gap="sm" aria-label={t('users.title')} p={0} m={0} style={{ listStyle: 'none' }}>
      {users.map((user) => (
        <Paper component="li" key={user._id} withBorder p="sm" data-testid="user-row" data-email={user.email}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Box miw={0}>
              <Text fw={500} truncate>
                {user.name || user.email}
              </Text>
              {user.name && (
                <Text size="sm" c="dimmed" truncate>
                  {user.email}
                </Text>
              )}
            </Box>
            <UserActionButtons user={user} actions={actions} size="lg" />
          </Group>
          <Group justify="space-between" mt="xs" gap="xs">
            <UserStateBadges user={user} />
            <Text size="xs" c="dimmed">
              {user.createdAt ? t('users.addedOn', { date: format.date(user.createdAt) }) : t('users.added.unknown')}
            </Text>
          </Group>
          <Group mt="xs" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('users.field.role')}
            </Text>
            <Box w={160}>
              <UserRoleControl user={user} actions={actions} />
            </Box>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
