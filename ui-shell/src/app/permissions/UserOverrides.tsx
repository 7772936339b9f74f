import { Fragment, useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Badge, Code, NativeSelect, Stack, Table, Text, Title, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { userLabel } from './GroupMembers.js';
import type { PermissionChange } from './permission-change.js';
import { userOverridesConflict } from './permission-conflicts.js';
import { refetchPermissions, setOverridesMutation, type PermissionAction, type PermissionModule, type PermissionUser } from '../../graphql/permissions-queries.js';

type Override = 'inherit' | 'grant' | 'deny';

function overrideOf(user: PermissionUser, action: string): Override {
  if (user.grants.includes(action)) return 'grant';
  if (user.denials.includes(action)) return 'deny';
  return 'inherit';
}

/** The user's grants and denials with one action set to `next`. */
export function withOverride(user: Pick<PermissionUser, 'grants' | 'denials'>, action: string, next: Override): { grants: string[]; denials: string[] } {
  const grants = user.grants.filter((name) => name !== action);
  const denials = user.denials.filter((name) => name !== action);
  if (next === 'grant') grants.push(action);
  if (next === 'deny') denials.push(action);
  return { grants, denials };
}

/**
 * One user at a time: every action with their own grant or denial beside what they can do now, as they
 * see it (their groups' actions, their grants, minus their denials; owners can do everything).
 */
export function UserOverrides({ modules, users, ask }: { modules: PermissionModule[]; users: PermissionUser[]; ask: (change: PermissionChange) => void }) {
  const t = useMessages(shellCatalogue);
  const [userId, setUserId] = useState(users[0]?._id ?? '');
  const [setOverrides] = useMutation(setOverridesMutation, refetchPermissions);
  const user = users.find((candidate) => candidate._id === userId);
  const client = useApolloClient();
  const overrideLabels: Record<Override, string> = {
    inherit: t('permissions.override.inherit'),
    grant: t('permissions.override.grant'),
    deny: t('permissions.override.deny'),
  };

  const askOverride = (target: PermissionUser, action: PermissionAction, next: Override) => {
    const mine = withOverride(target, action.name, next);
    ask({
      title: t('permissions.override.title'),
      question: t('permissions.override.question', { user: userLabel(target), action: action.name, setting: overrideLabels[next] }),
      confirmLabel: t('permissions.override.confirm'),
      done: t('permissions.override.done', { user: userLabel(target), action: action.name, setting: overrideLabels[next] }),
      run: () => setOverrides({ variables: { _id: target._id, ...mine, updatedAt: target.updatedAt } }),
      conflict: () =>
        userOverridesConflict({ client, t, userId: target._id, mine, save: (stored) => setOverrides({ variables: { _id: target._id, ...mine, updatedAt: stored.updatedAt } }) }),
    });
  };

  return (
    <Stack>
      <NativeSelect
        label={t('permissions.override.user')}
        value={userId}
        onChange={(event) => setUserId(event.currentTarget.value)}
        data={users.map((candidate) => ({ value: candidate._id, label: `${userLabel(candidate)} (${candidate.email})` }))}
        maw={420}
      />
      {user && (
        <section aria-labelledby="seen-by-heading" data-testid="seen-by">
          <Title order={3} id="seen-by-heading" mb="xs">
            {t('permissions.seenBy.title', { user: userLabel(user) })}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {user.role === 'owner' ? t('permissions.seenBy.owner') : t('permissions.seenBy.count', { count: user.permissions.length })}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-labelledby="seen-by-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('permissions.matrix.action')}</Table.Th>
                  <Table.Th scope="col">{t('permissions.override.column')}</Table.Th>
                  <Table.Th scope="col">{t('permissions.seenBy.column')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {modules.map((module) => (
                  <Fragment key={`${module.plugin}:${module.name}`}>
                    <Table.Tr bg="var(--mantine-color-default-hover)">
                      <Table.Td colSpan={3} fw={600}>
                        {module.description} <Text span size="xs" c="dimmed">({module.plugin})</Text>
                      </Table.Td>
                    </Table.Tr>
                    {module.actions.map((action) => {
                      const allowed = user.permissions.includes(action.name);
                      return (
                        <Table.Tr key={action.name} data-testid="seen-by-row" data-action={action.name}>
                          <Table.Th scope="row" fw={400}>
                            <Text size="sm">{action.description}</Text>
                            <Code>{action.name}</Code>
                          </Table.Th>
                          <Table.Td>
                            <NativeSelect
                              aria-label={t('permissions.override.label', { action: action.name, user: userLabel(user) })}
                              value={overrideOf(user, action.name)}
                              disabled={user.role === 'owner'}
                              onChange={(event) => askOverride(user, action, event.currentTarget.value as Override)}
                              data={(Object.keys(overrideLabels) as Override[]).map((value) => ({ value, label: overrideLabels[value] }))}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Badge color={allowed ? 'green' : 'gray'} variant="light">
                              {allowed ? t('permissions.seenBy.allowed') : t('permissions.seenBy.notAllowed')}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      )}
    </Stack>
  );
}
