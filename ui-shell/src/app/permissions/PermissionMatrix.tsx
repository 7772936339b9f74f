import { Fragment } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Checkbox, Code, Table, Text, Title, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { PermissionChange } from './permission-change.js';
import { groupConflict } from './permission-conflicts.js';
import { editGroupMutation, refetchPermissions, type PermissionAction, type PermissionGroup, type PermissionModule, type PermissionUser } from '../../graphql/permissions-queries.js';

interface PermissionMatrixProps {
  modules: PermissionModule[];
  groups: PermissionGroup[];
  /** Named in the conflict dialog when a group's members changed meanwhile. */
  users: PermissionUser[];
  ask: (change: PermissionChange) => void;
}

/**
 * Every declared action (rows, in blocks per plugin module) × every group (columns); a tick grants the
 * action to the group. Owners have every action, always: their column cannot be changed.
 */
export function PermissionMatrix({ modules, groups, users, ask }: PermissionMatrixProps) {
  const t = useMessages(shellCatalogue);
  const [edit] = useMutation(editGroupMutation, refetchPermissions);
  const client = useApolloClient();

  const askToggle = (group: PermissionGroup, action: PermissionAction, grant: boolean) => {
    const actions = grant ? [...group.actions, action.name] : group.actions.filter((name) => name !== action.name);
    ask({
      title: grant ? t('permissions.matrix.grantTitle') : t('permissions.matrix.withdrawTitle'),
      question: t(grant ? 'permissions.matrix.grantQuestion' : 'permissions.matrix.withdrawQuestion', { action: action.name, description: action.description, group: group.name }),
      confirmLabel: grant ? t('permissions.matrix.grant') : t('permissions.matrix.withdraw'),
      done: t(grant ? 'permissions.matrix.granted' : 'permissions.matrix.withdrawn', { action: action.name, group: group.name }),
      run: () => edit({ variables: { _id: group._id, actions, updatedAt: group.updatedAt } }),
      conflict: () =>
        groupConflict({
          client,
          t,
          groupId: group._id,
          mine: { name: group.name, actions, memberIds: group.members.map((member) => member._id) },
          users,
          save: (stored) => edit({ variables: { _id: group._id, actions, updatedAt: stored.updatedAt } }),
        }),
    });
  };

  return (
    <section aria-labelledby="permission-matrix-heading">
      <Title order={3} id="permission-matrix-heading" mb="sm">
        {t('permissions.matrix.title')}
      </Title>
      <Table.ScrollContainer minWidth={320 + groups.length * 110}>
        <Table verticalSpacing="xs" withColumnBorders aria-labelledby="permission-matrix-heading" data-testid="permission-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('permissions.matrix.action')}</Table.Th>
              {groups.map((group) => (
                <Table.Th key={group._id} scope="col" ta="center">
                  {group.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modules.map((module) => (
              <Fragment key={`${module.plugin}:${module.name}`}>
                <Table.Tr bg="var(--mantine-color-default-hover)">
                  <Table.Td colSpan={groups.length + 1} fw={600}>
                    {module.description} <Text span size="xs" c="dimmed">({module.plugin})</Text>
                  </Table.Td>
                </Table.Tr>
                {module.actions.map((action) => (
                  <Table.Tr key={action.name}>
                    <Table.Th scope="row" fw={400}>
                      <Text size="sm">{action.description}</Text>
                      <Code>{action.name}</Code>
                    </Table.Th>
                    {groups.map((group) => {
                      const granted = group.actions.includes(action.name);
                      return (
                        <Table.Td key={group._id} ta="center">
                          <Checkbox
                            aria-label={t('permissions.matrix.cell', { action: action.name, group: group.name })}
                            checked={granted}
                            disabled={group.builtIn === 'owner'}
                            onChange={() => askToggle(group, action, !granted)}
                            styles={{ body: { justifyContent: 'center' } }}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
