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
}

export interface PermissionUser extends GroupMember {
  role: 'owner' | 'admin' | 'member';
  /** What the user may do now: their groups' actions, their grants, minus their denials. */
  permissions: string[];
  groupIds: string[];
  grants: string[];
  denials: string[];
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

export const editGroupMutation: TypedDocumentNode<{ permissionGroupsEdit: { _id: string } }, { _id: string; name?: string; actions?: string[] }> = gql`
  mutation SettingsEditPermissionGroup($_id: String!, $name: String, $actions: [String!]) {
    permissionGroupsEdit(_id: $_id, name: $name, actions: $actions) {
      _id
    }
  }
`;

export const removeGroupMutation: TypedDocumentNode<{ permissionGroupsRemove: boolean }, { _id: string }> = gql`
  mutation SettingsRemovePermissionGroup($_id: String!) {
    permissionGroupsRemove(_id: $_id)
  }
`;

export const setGroupMembersMutation: TypedDocumentNode<{ permissionGroupsSetMembers: { _id: string } }, { _id: string; userIds: string[] }> = gql`
  mutation SettingsSetPermissionGroupMembers($_id: String!, $userIds: [String!]!) {
    permissionGroupsSetMembers(_id: $_id, userIds: $userIds) {
      _id
    }
  }
`;

export const setOverridesMutation: TypedDocumentNode<{ usersSetPermissionOverrides: { _id: string } }, { _id: string; grants: string[]; denials: string[] }> = gql`
  mutation SettingsSetPermissionOverrides($_id: String!, $grants: [String!]!, $denials: [String!]!) {
    usersSetPermissionOverrides(_id: $_id, grants: $grants, denials: $denials) {
      _id
    }
  }
`;
