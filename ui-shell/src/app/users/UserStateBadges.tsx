import { Badge, Group, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { UserRow } from '../../graphql/users-queries.js';

/** Active or deactivated, and locked while failed logins keep the user out. */
export function UserStateBadges({ user }: { user: UserRow }) {
  const t = useMessages(shellCatalogue);
  return (
    <Group gap={4}>
      <Badge variant="light" color={user.isActive ? 'green' : 'gray'}>
        {user.isActive ? t('users.state.active') : t('users.state.deactivated')}
      </Badge>
      {user.locked && (
        <Badge variant="light" color="orange">
          {t('users.state.locked')}
        </Badge>
      )}
    </Group>
  );
}
