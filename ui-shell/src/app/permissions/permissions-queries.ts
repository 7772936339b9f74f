import { gql, type TypedDocumentNode } from '@apollo/client';

export interface PermissionAction {
  /** `<plugin>:<action>`, as `useCan` and the server name it. */
  name: string;
  description: string;
}

export interface PermissionModule {
  plugin: string;
  name: string;
  description: string;
  actions: PermissionAction[];
}

export interface GroupMember {
  _id: string;
  email: string;
  name: string | null;
}

export interface PermissionGroup {
  _id: string;
  name: string;
  /** The role of a built-in group (Owners, Admins, Members); null for a group an admin made. */
  builtIn: 'owner' | 'admin' | 'member' | null;
  actions: string[];
  /** Only ids: names come from the users list (the gateway prices a group's members with their fields past its limit). */
  members: Array<{ _id: string }>;
  /** When the group last changed (null: a built-in group never changed); sent with every change, refused with CONFLICT if it moved on. */
  updatedAt: string | null;
}

export interface PermissionUser extends GroupMember {
  role: 'owner' | 'admin' | 'member';
  /** What the user may do now: their groups' actions, their grants, minus their denials. */
  permissions: string[];
  groupIds: string[];
  grants: string[];
  denials: string[];
  /** When an admin last changed the user; sent with every change of their grants and denials. */
  updatedAt: string | null;
}

// Three queries, not one: the gateway prices each list at 100 items, and the lists nested together cost
// more than one operation may.
export const permissionModulesQuery: TypedDocumentNode<{ permissionModules: PermissionModule[] }> = gql`
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

export const permissionGroupsQuery: TypedDocumentNode<{ permissionGroups: PermissionGroup[] }> = gql`
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

export const permissionUsersQuery: TypedDocumentNode<{ users: PermissionUser[] }> = gql`
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

export const addGroupMutation: TypedDocumentNode<{ permissionGroupsAdd: { _id: string } }, { name: string }> = gql`
  mutation SettingsAddPermissionGroup($name: String!) {
    permissionGroupsAdd(name: $name) {
      _id
    }
  }
`;

/** The `updatedAt` the page read: an edit over a change made since is refused with CONFLICT. */
type AsRead = { updatedAt: string | null };

export const editGroupMutation: TypedDocumentNode<{ permissionGroupsEdit: { _id: string } }, { _id: string; name?: string; actions?: string[] } & AsRead> = gql`
  mutation SettingsEditPermissionGroup($_id: String!, $name: String, $actions: [String!], $updatedAt: Date) {
    permissionGroupsEdit(_id: $_id, name: $name, actions: $actions, updatedAt: $updatedAt) {
      _id
    }
  }
`;

export const removeGroupMutation: TypedDocumentNode<{ permissionGroupsRemove: boolean }, { _id: string }> = gql`
  mutation SettingsRemovePermissionGroup($_id: String!) {
    permissionGroupsRemove(_id: $_id)
  }
`;

export const setGroupMembersMutation: TypedDocumentNode<{ permissionGroupsSetMembers: { _id: string } }, { _id: string; userIds: string[] } & AsRead> = gql`
  mutation SettingsSetPermissionGroupMembers($_id: String!, $userIds: [String!]!, $updatedAt: Date) {
    permissionGroupsSetMembers(_id: $_id, userIds: $userIds, updatedAt: $updatedAt) {
      _id
    }
  }
`;

export const setOverridesMutation: TypedDocumentNode<{ usersSetPermissionOverrides: { _id: string } }, { _id: string; grants: string[]; denials: string[] } & AsRead> = gql`
  mutation SettingsSetPermissionOverrides($_id: String!, $grants: [String!]!, $denials: [String!]!, $updatedAt: Date) {
    usersSetPermissionOverrides(_id: $_id, grants: $grants, denials: $denials, updatedAt: $updatedAt) {
      _id
    }
  }
`;
