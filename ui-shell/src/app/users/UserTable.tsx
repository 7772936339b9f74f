import { useMutation } from '@apollo/client/react';
import {
  ActionIcon,
  Badge,
  ConfirmModal,
  Group,
  IconLockOpen,
  IconUserCheck,
  IconUserOff,
  NativeSelect,
  Table,
  Text,
  graphQLErrorMessage,
  useCan,
  useConfirmation,
  VisuallyHidden,
} from '@lattice/ui-sdk';
import { activateMutation, deactivateMutation, setRoleMutation, unlockMutation, userRoles, type UserRole, type UserRow } from './users-queries.js';

interface UserTableProps {
  users: UserRow[];
  currentUserId: string | undefined;
  onError: (message: string | null) => void;
}

/** Every user with their state; owners change roles and (de)activate, owners and admins unlock. */
export function UserTable({ users, currentUserId, onError }: UserTableProps) {
  const canManage = useCan('users.manage');
  const canUnlock = useCan('users.unlock');
  const [setRole, settingRole] = useMutation(setRoleMutation);
  const [deactivate, deactivating] = useMutation(deactivateMutation);
  const [activate] = useMutation(activateMutation);
  const [unlock] = useMutation(unlockMutation);
  const roleChange = useConfirmation((change: { user: UserRow; role: UserRole }) => setRole({ variables: { _id: change.user._id, role: change.role } }));
  const deactivation = useConfirmation((user: UserRow) => deactivate({ variables: { _id: user._id } }));
  const run = (action: Promise<unknown>) => {
    onError(null);
    action.catch((error: unknown) => onError(graphQLErrorMessage(error)));
  };

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => {
              const label = user.name || user.email;
              const self = user._id === currentUserId;
              return (
                <Table.Tr key={user._id} data-testid="user-row" data-email={user.email}>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.name ?? ''}</Table.Td>
                  <Table.Td>
                    {canManage ? (
                      <NativeSelect
                        size="xs"
                        aria-label={`Role of ${label}`}
                        data={[...userRoles]}
                        value={user.role}
                        onChange={(event) => roleChange.ask({ user, role: event.currentTarget.value as UserRole })}
                      />
                    ) : (
                      user.role
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={user.isActive ? 'green' : 'gray'}>
                        {user.isActive ? 'active' : 'deactivated'}
                      </Badge>
                      {user.locked && (
                        <Badge variant="light" color="orange">
                          locked
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {canUnlock && user.locked && (
                        <ActionIcon variant="subtle" aria-label={`Unlock ${label}`} title="Unlock" onClick={() => run(unlock({ variables: { _id: user._id } }))}>
                          <IconLockOpen size={18} stroke={1.6} aria-hidden />
                        </ActionIcon>
                      )}
                      {canManage && !self && user.isActive && (
                        <ActionIcon variant="subtle" color="red" aria-label={`Deactivate ${label}`} title="Deactivate" onClick={() => deactivation.ask(user)}>
                          <IconUserOff size={18} stroke={1.6} aria-hidden />
                        </ActionIcon>
                      )}
                      {canManage && !user.isActive && (
                        <ActionIcon variant="subtle" color="green" aria-label={`Reactivate ${label}`} title="Reactivate" onClick={() => run(activate({ variables: { _id: user._id } }))}>
                          <IconUserCheck size={18} stroke={1.6} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {roleChange.target && (
        <ConfirmModal
          title="Change role"
          confirmLabel={`Make ${roleChange.target.role}`}
          busy={settingRole.loading}
          failure={roleChange.failure ? { title: 'The role was not changed', message: roleChange.failure } : null}
          onConfirm={roleChange.confirm}
          onClose={roleChange.cancel}
        >
          <Text>
            Make {roleChange.target.user.email} {roleChange.target.role === 'admin' ? 'an' : 'a'} {roleChange.target.role}? They are logged out everywhere and log in again with the new role.
          </Text>
        </ConfirmModal>
      )}
      {deactivation.target && (
        <ConfirmModal
          title="Deactivate user"
          confirmLabel="Deactivate"
          busy={deactivating.loading}
          failure={deactivation.failure ? { title: 'The user was not deactivated', message: deactivation.failure } : null}
          onConfirm={deactivation.confirm}
          onClose={deactivation.cancel}
        >
          <Text>Deactivate {deactivation.target.email}? Their sessions end now and they cannot log in until reactivated.</Text>
        </ConfirmModal>
      )}
    </>
  );
}
