import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  Alert,
  ConfirmModal,
  EditConflict,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  graphQLErrorCode,
  graphQLErrorMessage,
  useCan,
  useConfirmation,
  useMessages,
  usePageTitle,
  usePermissions,
} from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { GroupList } from './GroupList.js';
import { GroupMembers } from './GroupMembers.js';
import { PermissionMatrix } from './PermissionMatrix.js';
import { UserOverrides } from './UserOverrides.js';
import type { PermissionChange, PermissionConflict } from './permission-change.js';
import { permissionGroupsQuery, permissionModulesQuery, permissionUsersQuery } from '../../graphql/permissions-queries.js';

/**
 * /settings/permissions: permission groups and their members, the matrix of every plugin's actions × groups,
 * and each user's own grants and denials beside what they can do. Every change is asked first and reported done;
 * one refused because someone else changed the group or user meanwhile (CONFLICT) shows what differs, to keep
 * mine or take theirs.
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
  const [conflict, setConflict] = useState<{ change: PermissionChange; view: PermissionConflict } | null>(null);
  const [conflictFailure, setConflictFailure] = useState<string | null>(null);
  const client = useApolloClient();
  const confirmation = useConfirmation(async (change: PermissionChange) => {
    setRunning(true);
    try {
      await change.run();
      setDone(change.done);
    } catch (error) {
      if (graphQLErrorCode(error) !== 'CONFLICT' || !change.conflict) throw error;
      setConflictFailure(null);
      setConflict({ change, view: await change.conflict() });
    } finally {
      setRunning(false);
    }
  });
  const keepMine = async () => {
    if (!conflict) return;
    setRunning(true);
    setConflictFailure(null);
    try {
      await conflict.view.keepMine();
      setDone(conflict.change.done);
      setConflict(null);
    } catch (error) {
      // Changed yet again meanwhile: compared afresh, so that the user decides on what is there now.
      if (graphQLErrorCode(error) === 'CONFLICT' && conflict.change.conflict) setConflict({ change: conflict.change, view: await conflict.change.conflict() });
      else setConflictFailure(graphQLErrorMessage(error));
    } finally {
      setRunning(false);
    }
  };
  const takeTheirs = async () => {
    setConflict(null);
    // The conflict check asked for the record again; the rest of the page follows.
    await client.refetchQueries({ include: [permissionGroupsQuery, permissionUsersQuery] });
  };
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
              <PermissionMatrix modules={data.permissionModules} groups={groups} users={data.users} ask={ask} />
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
      {conflict && (
        <Modal opened onClose={() => void takeTheirs()} title={conflict.change.title} size="lg">
          <Stack>
            {conflictFailure && (
              <Alert color="red" role="alert" title={t('permissions.failed')}>
                {conflictFailure}
              </Alert>
            )}
            <EditConflict title={conflict.view.title} fields={conflict.view.fields} busy={running} onKeepMine={() => void keepMine()} onTakeTheirs={() => void takeTheirs()} />
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
