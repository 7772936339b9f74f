import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { ActionIcon, Badge, Button, Group, IconPencil, IconPlus, IconTrash, Table, Text, Title, VisuallyHidden, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { GroupNameModal } from './GroupNameModal.js';
import type { PermissionChange } from './permission-change.js';
import { addGroupMutation, editGroupMutation, refetchPermissions, removeGroupMutation, type PermissionGroup } from '../../graphql/permissions-queries.js';

interface GroupListProps {
  groups: PermissionGroup[];
  selectedGroupId: string | null;
  onSelect: (groupId: string) => void;
  ask: (change: PermissionChange) => void;
  /** A group was added or renamed through its form (the form is the confirmation). */
  onDone: (message: string) => void;
}

type NameForm = { group: PermissionGroup | null } | null;

/** The groups: built-in ones first (not removable), then the admins' own, each with its members to open. */
export function GroupList({ groups, selectedGroupId, onSelect, ask, onDone }: GroupListProps) {
  const t = useMessages(shellCatalogue);
  const [nameForm, setNameForm] = useState<NameForm>(null);
  const [add] = useMutation(addGroupMutation, refetchPermissions);
  const [edit] = useMutation(editGroupMutation, refetchPermissions);
  const [remove] = useMutation(removeGroupMutation, refetchPermissions);

  const saveName = async (name: string) => {
    const group = nameForm?.group;
    if (group) {
      // A rename over someone else's change is refused (CONFLICT): the form says so and the page shows theirs.
      await edit({ variables: { _id: group._id, name, updatedAt: group.updatedAt } });
      onDone(t('permissions.group.renamed', { before: group.name, name }));
    } else {
      const added = await add({ variables: { name } });
      if (added.data) onSelect(added.data.permissionGroupsAdd._id);
      onDone(t('permissions.group.added', { name }));
    }
    setNameForm(null);
  };
  const askRemoval = (group: PermissionGroup) =>
    ask({
      title: t('permissions.group.removeTitle'),
      question: t('permissions.group.removeQuestion', { name: group.name, count: group.members.length }),
      confirmLabel: t('permissions.group.removeConfirm'),
      done: t('permissions.group.removed', { name: group.name }),
      run: () => remove({ variables: { _id: group._id } }),
    });

  return (
    <section aria-labelledby="permission-groups-heading">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="permission-groups-heading">
          {t('permissions.groups')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setNameForm({ group: null })}>
          {t('permissions.group.add')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-labelledby="permission-groups-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('permissions.group.name')}</Table.Th>
              <Table.Th scope="col">{t('permissions.group.kind')}</Table.Th>
              <Table.Th scope="col">{t('permissions.group.memberCount')}</Table.Th>
              <Table.Th scope="col">{t('permissions.group.actionCount')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('permissions.group.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Table.Tr key={group._id} data-testid="permission-group-row" aria-selected={group._id === selectedGroupId}>
                <Table.Th scope="row" fw={500}>
                  {group.name}
                </Table.Th>
                <Table.Td>{group.builtIn ? <Badge variant="light">{t('permissions.group.builtIn')}</Badge> : <Text size="sm">{t('permissions.group.custom')}</Text>}</Table.Td>
                <Table.Td>{group.members.length}</Table.Td>
                <Table.Td>{group.actions.length}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant={group._id === selectedGroupId ? 'filled' : 'light'} onClick={() => onSelect(group._id)} aria-label={t('permissions.group.showMembers', { name: group.name })}>
                      {t('permissions.group.members')}
                    </Button>
                    {!group.builtIn && (
                      <>
                        <ActionIcon variant="subtle" aria-label={t('permissions.group.rename', { name: group.name })} onClick={() => setNameForm({ group })}>
                          <IconPencil size={18} stroke={1.6} aria-hidden />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={t('permissions.group.remove', { name: group.name })} onClick={() => askRemoval(group)}>
                          <IconTrash size={18} stroke={1.6} aria-hidden />
                        </ActionIcon>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {nameForm && <GroupNameModal group={nameForm.group} onSave={saveName} onClose={() => setNameForm(null)} />}
    </section>
  );
}
