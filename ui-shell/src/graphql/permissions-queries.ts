import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  SettingsAddPermissionGroupMutation,
  SettingsAddPermissionGroupMutationVariables,
  SettingsEditPermissionGroupMutation,
  SettingsEditPermissionGroupMutationVariables,
  SettingsPermissionGroupsQuery,
  SettingsPermissionGroupsQueryVariables,
  SettingsPermissionModulesQuery,
  SettingsPermissionModulesQueryVariables,
  SettingsPermissionUsersQuery,
  SettingsPermissionUsersQueryVariables,
  SettingsRemovePermissionGroupMutation,
  SettingsRemovePermissionGroupMutationVariables,
  SettingsSetPermissionGroupMembersMutation,
  SettingsSetPermissionGroupMembersMutationVariables,
  SettingsSetPermissionOverridesMutation,
  SettingsSetPermissionOverridesMutationVariables,
} from './generated.js';

export type PermissionModule = SettingsPermissionModulesQuery['permissionModules'][number];
/** `name` is `<plugin>:<action>`, as `useCan` and the server name it. */
export type PermissionAction = PermissionModule['actions'][number];
/** `builtIn` is the role of a built-in group (Owners, Admins, Members), null for a group an admin made; `members` are
 * only ids: names come from the users list (the gateway prices a group's members with their fields past its limit);
 * `updatedAt` (null: a built-in group never changed) is sent with every change, refused with CONFLICT if it moved on. */
export type PermissionGroup = SettingsPermissionGroupsQuery['permissionGroups'][number];
/** `permissions` is what the user may do now: their groups' actions, their grants, minus their denials. */
export type PermissionUser = SettingsPermissionUsersQuery['users'][number];
export type GroupMember = Pick<PermissionUser, '_id' | 'email' | 'name'>;

// Three queries, not one: the gateway prices each list at 100 items, and the lists nested together cost
// more than one operation may.
export const permissionModulesQuery: TypedDocumentNode<SettingsPermissionModulesQuery, SettingsPermissionModulesQueryVariables> = gql`
  query SettingsPermissionModules {
    permissionModules {
      plugin
      name
      description
      actions {
        name
        description
      }
    }
  }
`;

export const permissionGroupsQuery: TypedDocumentNode<SettingsPermissionGroupsQuery, SettingsPermissionGroupsQueryVariables> = gql`
  query SettingsPermissionGroups {
    permissionGroups {
      _id
      name
      builtIn
      actions
      members {
        _id
      }
      updatedAt
    }
  }
`;

export const permissionUsersQuery: TypedDocumentNode<SettingsPermissionUsersQuery, SettingsPermissionUsersQueryVariables> = gql`
  query SettingsPermissionUsers {
    users {
      _id
      email
      name
      role
      permissions
      groupIds
      grants
      denials
      updatedAt
    }
  }
`;

// A change to a group changes its members' effective permissions too: every mutation asks for the page again.
export const refetchPermissions = { refetchQueries: [permissionGroupsQuery, permissionUsersQuery], awaitRefetchQueries: true };

export const addGroupMutation: TypedDocumentNode<SettingsAddPermissionGroupMutation, SettingsAddPermissionGroupMutationVariables> = gql`
  mutation SettingsAddPermissionGroup($name: String!) {
    permissionGroupsAdd(name: $name) {
      _id
    }
  }
`;

/** The `updatedAt` the page read, always sent: an edit over a change made since is refused with CONFLICT. */
type AsRead = { updatedAt: string | null };

export const editGroupMutation: TypedDocumentNode<SettingsEditPermissionGroupMutation, SettingsEditPermissionGroupMutationVariables & AsRead> = gql`
  mutation SettingsEditPermissionGroup($_id: String!, $name: String, $actions: [String!], $updatedAt: Date) {
    permissionGroupsEdit(_id: $_id, name: $name, actions: $actions, updatedAt: $updatedAt) {
      _id
    }
  }
`;

export const removeGroupMutation: TypedDocumentNode<SettingsRemovePermissionGroupMutation, SettingsRemovePermissionGroupMutationVariables> = gql`
  mutation SettingsRemovePermissionGroup($_id: String!) {
    permissionGroupsRemove(_id: $_id)
  }
`;

export const setGroupMembersMutation: TypedDocumentNode<SettingsSetPermissionGroupMembersMutation, SettingsSetPermissionGroupMembersMutationVariables & AsRead> = gql`
  mutation SettingsSetPermissionGroupMembers($_id: String!, $userIds: [String!]!, $updatedAt: Date) {
    permissionGroupsSetMembers(_id: $_id, userIds: $userIds, updatedAt: $updatedAt) {
      _id
    }
  }
`;

export const setOverridesMutation: TypedDocumentNode<SettingsSetPermissionOverridesMutation, SettingsSetPermissionOverridesMutationVariables & AsRead> = gql`
  mutation SettingsSetPermissionOverrides($_id: String!, $grants: [String!]!, $denials: [String!]!, $updatedAt: Date) {
    usersSetPermissionOverrides(_id: $_id, grants: $grants, denials: $denials, updatedAt: $updatedAt) {
      _id
    }
  }
`;
