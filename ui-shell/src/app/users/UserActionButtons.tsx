import { ActionIcon, Group, IconLockOpen, IconUserCheck, IconUserOff, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { UserActions } from './use-user-actions.js';
import type { UserRow } from '../../graphql/users-queries.js';

/** Unlock, deactivate (asks first) and reactivate, each offered only where it is allowed. */
interface UserActionButtonsProps {
  user: UserRow;
  actions: UserActions;
  /** Larger on a phone, where a finger presses them. */
  size?: 'md' | 'lg';
}

export function UserActionButtons({ user, actions, size = 'md' }: UserActionButtonsProps) {
  const t = useMessages(shellCatalogue);
  const allowed = actions.allowed(user);
  const name = user.name || user.email;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {allowed.unlock && (
        <ActionIcon size={size} variant="subtle" aria-label={t('users.unlock', { name })} title={t('users.unlock.short')} onClick={() => actions.unlock(user)}>
          <IconLockOpen size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      )}
      {allowed.deactivate && (
        <ActionIcon size={size} variant="subtle" color="red" aria-label={t('users.deactivate', { name })} title={t('users.deactivate.short')} onClick={() => actions.askDeactivation(user)}>
          <IconUserOff size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      )}
      {allowed.reactivate && (
        <ActionIcon size={size} variant="subtle" color="green" aria-label={t('users.reactivate', { name })} title={t('users.reactivate.short')} onClick={() => actions.reactivate(user)}>
          <IconUserCheck size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
