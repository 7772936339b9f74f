import type { ApolloClient } from '@apollo/client';
import type { Catalogue, ConflictingField, Translate } from '@lattice/ui-sdk';
import type { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { PermissionConflict } from './permission-change.js';
import { permissionGroupsQuery, permissionUsersQuery, type PermissionGroup, type PermissionUser } from '../../graphql/permissions-queries.js';

type ShellTranslate = typeof shellCatalogue extends Catalogue<infer Id> ? Translate<Id> : never;

/** A group as a change would leave it. */
export interface GroupValues {
  name: string;
  actions: string[];
  memberIds: string[];
}

const sameSet = (one: string[], other: string[]) => one.length === other.length && one.every((value) => other.includes(value));

/**
 * The group as stored now (asked again, which also shows it on the page) against the user's change: its name,
 * each action granted by one and not the other, and its members. `save` stores the change over the newer group.
 */
export async function groupConflict(options: {
  client: ApolloClient;
  t: ShellTranslate;
  groupId: string;
  mine: GroupValues;
  users: PermissionUser[];
  save: (stored: PermissionGroup) => Promise<unknown>;
}): Promise<PermissionConflict> {
  const { client, t, groupId, mine, users, save } = options;
  const { data } = await client.query({ query: permissionGroupsQuery, fetchPolicy: 'network-only' });
  const stored = data?.permissionGroups.find((group) => group._id === groupId);
  if (!stored) throw new Error(t('permissions.conflict.groupRemoved', { group: mine.name }));
  const granted = (actions: string[], action: string) => t(actions.includes(action) ? 'permissions.conflict.granted' : 'permissions.conflict.notGranted');
  const names = (ids: string[]) => ids.map((id) => users.find((user) => user._id === id)).map((user) => user?.name || user?.email || '?').join(', ') || t('permissions.conflict.nobody');
  const storedMemberIds = stored.members.map((member) => member._id);
  const fields: ConflictingField[] = [];
  if (stored.name !== mine.name) fields.push({ label: t('permissions.group.name'), theirs: stored.name, yours: mine.name });
  for (const action of [...new Set([...stored.actions, ...mine.actions])].sort()) {
    if (stored.actions.includes(action) !== mine.actions.includes(action)) fields.push({ label: action, theirs: granted(stored.actions, action), yours: granted(mine.actions, action) });
  }
  if (!sameSet(storedMemberIds, mine.memberIds)) fields.push({ label: t('permissions.group.members'), theirs: names(storedMemberIds), yours: names(mine.memberIds) });
  return { title: t('permissions.conflict.groupTitle', { group: stored.name }), fields, keepMine: () => save(stored) };
}

/** The user's own grants and denials as stored now against the user's change: each action set differently. */
export async function userOverridesConflict(options: {
  client: ApolloClient;
  t: ShellTranslate;
  userId: string;
  mine: Pick<PermissionUser, 'grants' | 'denials'>;
  save: (stored: PermissionUser) => Promise<unknown>;
}): Promise<PermissionConflict> {
  const { client, t, userId, mine, save } = options;
  const { data } = await client.query({ query: permissionUsersQuery, fetchPolicy: 'network-only' });
  const stored = data?.users.find((user) => user._id === userId);
  if (!stored) throw new Error(t('permissions.conflict.userRemoved'));
  const setting = (overrides: Pick<PermissionUser, 'grants' | 'denials'>, action: string) =>
    t(overrides.grants.includes(action) ? 'permissions.override.grant' : overrides.denials.includes(action) ? 'permissions.override.deny' : 'permissions.override.inherit');
  const fields: ConflictingField[] = [...new Set([...stored.grants, ...stored.denials, ...mine.grants, ...mine.denials])]
    .sort()
    .filter((action) => setting(stored, action) !== setting(mine, action))
    .map((action) => ({ label: action, theirs: setting(stored, action), yours: setting(mine, action) }));
  return { title: t('permissions.conflict.userTitle', { user: stored.name || stored.email }), fields, keepMine: () => save(stored) };
}
