import { NativeSelect, Text, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { roleNameIds } from './role-names.js';
import { useRoleOptions } from './use-role-options.js';
import type { UserActions } from './use-user-actions.js';
import type { UserRole, UserRow } from '../../graphql/users-queries.js';

/** The user's role: a select for those who may change it (the change asks first), else its name. */
export function UserRoleControl({ user, actions }: { user: UserRow; actions: UserActions }) {
  const t = useMessages(shellCatalogue);
  const roleOptions = useRoleOptions();
  if (!actions.allowed(user).changeRole) return <Text size="sm">{t(roleNameIds[user.role])}</Text>;
  return (
    <NativeSelect
      size="xs"
      aria-label={t('users.roleOf', { name: user.name || user.email })}
      data={roleOptions}
      value={user.role}
      onChange={(event) => actions.askRoleChange(user, event.currentTarget.value as UserRole)}
    />
  );
}
