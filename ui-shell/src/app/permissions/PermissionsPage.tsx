import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Alert, ConfirmModal, Skeleton, Stack, Tabs, Text, Title, graphQLErrorMessage, useCan, useConfirmation, useMessages, usePageTitle, usePermissions } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { GroupList } from './GroupList.js';
import { GroupMembers } from './GroupMembers.js';
import { PermissionMatrix } from './PermissionMatrix.js';
import { UserOverrides } from './UserOverrides.js';
import type { PermissionChange } from './permission-change.js';
import { permissionGroupsQuery, permissionModulesQuery, permissionUsersQuery } from './permissions-queries.js';

/**
 * /settings/permissions: permission groups and their members, the matrix of every plugin's actions × groups,
 * and each user's own grants and denials beside what they can do. Every change is asked first and reported done.
 */
export function PermissionsPage() {
  const t = useMessages(shellCatalogue);
  usePageTitle(t('permissions.title'));
  const known = usePermissions() !== null;
  const canManage = useCan('core:managePermissions');
  const modules = useQuery(permissionModulesQuery, { skip: !canManage });
  const groupsAnswer = useQuery(permissionGroupsQuery, { skip: !canManage });
  const users = useQuery(permissionUsersQuery, { skip: !canManage });
  const error = modules.error ?? groupsAnswer.error ?? users.error;
  const data =
    modules.data && groupsAnswer.data && users.data
      ? { permissionModules: modules.data.permissionModules, permissionGroups: groupsAnswer.data.permissionGroups, users: users.data.users }
      : null;
  const [selectedGroupId, setSelectedGroupId] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const confirmation = useConfirmation(async (change: PermissionChange) => {
    setRunning(true);
    try {
      await change.run();
    } finally {
      setRunning(false);
    }
    setDone(change.done);
  });
  const ask = (change: PermissionChange) => {
    setDone(null);
    confirmation.ask(change);
  };

  if (known && !canManage) {
    return (
      <Alert color="yellow" role="alert" title={t('permissions.title')}>
        {t('permissions.notAllowed')}
      </Alert>
    );
  }
  const groups = data?.permissionGroups ?? [];
  const selectedGroup = groups.find((group) => group._id === selectedGroupId) ?? null;
  return (
    <Stack>
      <Title order={2}>{t('permissions.title')}</Title>
      {error && (
        <Alert color="red" role="alert" title={t('permissions.loadFailed')}>
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {done && (
        <Alert color="green" role="status" title={t('permissions.done')} withCloseButton onClose={() => setDone(null)} data-testid="permissions-done">
          {done}
        </Alert>
      )}
      {!data ? (
        !error && <Skeleton h={240} />
      ) : (
        <Tabs defaultValue="groups" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="groups">{t('permissions.tab.groups')}</Tabs.Tab>
            <Tabs.Tab value="users">{t('permissions.tab.users')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="groups" pt="md">
            <Stack gap="xl">
              <GroupList groups={groups} selectedGroupId={selectedGroup?._id ?? null} onSelect={setSelectedGroupId} ask={ask} onDone={setDone} />
              {selectedGroup && <GroupMembers group={selectedGroup} users={data.users} ask={ask} />}
              <PermissionMatrix modules={data.permissionModules} groups={groups} ask={ask} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="users" pt="md">
            <UserOverrides modules={data.permissionModules} users={data.users} ask={ask} />
          </Tabs.Panel>
        </Tabs>
      )}
      {confirmation.target && (
        <ConfirmModal
          title={confirmation.target.title}
          confirmLabel={confirmation.target.confirmLabel}
          confirmColor="blue"
          busy={running}
          failure={confirmation.failure ? { title: t('permissions.failed'), message: confirmation.failure } : null}
          onConfirm={confirmation.confirm}
          onClose={confirmation.cancel}
        >
          <Text>{confirmation.target.question}</Text>
        </ConfirmModal>
      )}
    </Stack>
  );
}
