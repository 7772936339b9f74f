import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { ActionIcon, Button, Group, IconTrash, IconUserPlus, NativeSelect, Table, Text, Title, VisuallyHidden, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { PermissionChange } from './permission-change.js';
import { groupConflict } from './permission-conflicts.js';
import { refetchPermissions, setGroupMembersMutation, type GroupMember, type PermissionGroup, type PermissionUser } from '../../graphql/permissions-queries.js';

export const userLabel = (user: GroupMember) => user.name || user.email;

/** The members of the selected group: an admin's own group takes and loses members; a built-in one follows roles. */
export function GroupMembers({ group, users, ask }: { group: PermissionGroup; users: PermissionUser[]; ask: (change: PermissionChange) => void }) {
  const t = useMessages(shellCatalogue);
  const [setMembers] = useMutation(setGroupMembersMutation, refetchPermissions);
  const memberIds = group.members.map((member) => member._id);
  const members = memberIds.map((id) => users.find((user) => user._id === id) ?? { _id: id, email: id, name: null });
  const candidates = users.filter((user) => !memberIds.includes(user._id));
  const [chosenId, setChosenId] = useState('');
  const chosen = candidates.find((user) => user._id === chosenId);
  const headingId = `group-members-${group._id}`;
  const client = useApolloClient();
  // Sets the members, from what the page read; on CONFLICT the dialog compares with the group as it is now.
  const membersChange = (userIds: string[]) => ({
    run: () => setMembers({ variables: { _id: group._id, userIds, updatedAt: group.updatedAt } }),
    conflict: () =>
      groupConflict({
        client,
        t,
        groupId: group._id,
        mine: { name: group.name, actions: group.actions, memberIds: userIds },
        users,
        save: (stored) => setMembers({ variables: { _id: group._id, userIds, updatedAt: stored.updatedAt } }),
      }),
  });

  const askAdd = (user: PermissionUser) =>
    ask({
      title: t('permissions.members.addTitle'),
      question: t('permissions.members.addQuestion', { user: userLabel(user), group: group.name }),
      confirmLabel: t('permissions.members.addConfirm'),
      done: t('permissions.members.added', { user: userLabel(user), group: group.name }),
      ...membersChange([...memberIds, user._id]),
      run: async () => {
        await membersChange([...memberIds, user._id]).run();
        setChosenId('');
      },
    });
  const askRemove = (member: GroupMember) =>
    ask({
      title: t('permissions.members.removeTitle'),
      question: t('permissions.members.removeQuestion', { user: userLabel(member), group: group.name }),
      confirmLabel: t('permissions.members.removeConfirm'),
      done: t('permissions.members.removed', { user: userLabel(member), group: group.name }),
      ...membersChange(memberIds.filter((id) => id !== member._id)),
    });

  return (
    <section aria-labelledby={headingId} data-testid="group-members">
      <Title order={3} id={headingId} mb="sm">
        {t('permissions.members.title', { group: group.name })}
      </Title>
      {group.builtIn && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('permissions.members.builtIn')}
        </Text>
      )}
      {!group.builtIn && (
        <Group align="flex-end" mb="sm">
          <NativeSelect
            label={t('permissions.members.user')}
            value={chosenId}
            onChange={(event) => setChosenId(event.currentTarget.value)}
            data={[{ value: '', label: t('permissions.members.choose') }, ...candidates.map((user) => ({ value: user._id, label: `${userLabel(user)} (${user.email})` }))]}
          />
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} disabled={!chosen} onClick={() => chosen && askAdd(chosen)}>
            {t('permissions.members.add')}
          </Button>
        </Group>
      )}
      {members.length === 0 ? (
        <Text c="dimmed">{t('permissions.members.none')}</Text>
      ) : (
        <Table verticalSpacing="xs" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('permissions.members.name')}</Table.Th>
              <Table.Th scope="col">{t('permissions.members.email')}</Table.Th>
              {!group.builtIn && (
                <Table.Th scope="col">
                  <VisuallyHidden>{t('permissions.group.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member._id} data-testid="group-member-row">
                <Table.Td>{member.name ?? ''}</Table.Td>
                <Table.Td>{member.email}</Table.Td>
                {!group.builtIn && (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={t('permissions.members.remove', { user: userLabel(member), group: group.name })} onClick={() => askRemove(member)}>
                      <IconTrash size={18} stroke={1.6} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
