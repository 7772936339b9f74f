import { useMutation } from '@apollo/client/react';
import { graphQLErrorMessage, useCan, useConfirmation } from '@lattice/ui-sdk';
import { activateMutation, deactivateMutation, setRoleMutation, unlockMutation, type UserRole, type UserRow } from '../../graphql/users-queries.js';

/** What may be done to one user, given the current user's permissions and who they are. */
export interface UserActionsAllowed {
  changeRole: boolean;
  deactivate: boolean;
  reactivate: boolean;
  unlock: boolean;
}

/**
 * The users page's actions, whichever layout shows them: a role change and a deactivation ask first
 * (`roleChange`, `deactivation` drive their dialogs); reactivating and unlocking run at once and report a
 * refusal through `onError`.
 */
export function useUserActions(currentUserId: string | undefined, onError: (message: string | null) => void) {
  const canManage = useCan('core:manageUsers');
  const canUnlock = useCan('core:unlockUsers');
  const [setRole, settingRole] = useMutation(setRoleMutation);
  const [deactivate, deactivating] = useMutation(deactivateMutation);
  const [activate] = useMutation(activateMutation);
  const [unlock] = useMutation(unlockMutation);
  const roleChange = useConfirmation((change: { user: UserRow; role: UserRole }) => setRole({ variables: { _id: change.user._id, role: change.role, updatedAt: change.user.updatedAt } }));
  const deactivation = useConfirmation((user: UserRow) => deactivate({ variables: { _id: user._id } }));
  const run = (action: Promise<unknown>) => {
    onError(null);
    action.catch((error: unknown) => onError(graphQLErrorMessage(error)));
  };

  return {
    allowed: (user: UserRow): UserActionsAllowed => ({
      changeRole: canManage,
      deactivate: canManage && user.isActive && user._id !== currentUserId,
      reactivate: canManage && !user.isActive,
      unlock: canUnlock && user.locked,
    }),
    isSelf: (user: UserRow) => user._id === currentUserId,
    askRoleChange: (user: UserRow, role: UserRole) => roleChange.ask({ user, role }),
    askDeactivation: (user: UserRow) => deactivation.ask(user),
    reactivate: (user: UserRow) => run(activate({ variables: { _id: user._id } })),
    unlock: (user: UserRow) => run(unlock({ variables: { _id: user._id } })),
    roleChange,
    deactivation,
    settingRole: settingRole.loading,
    deactivating: deactivating.loading,
  };
}

export type UserActions = ReturnType<typeof useUserActions>;
