import { gql, type TypedDocumentNode } from '@apollo/client';

export const userRoles = ['owner', 'admin', 'member'] as const;
export type UserRole = (typeof userRoles)[number];

export interface UserRow {
  _id: string;
  email: string;
  name: string | null;
  role: UserRole;
  isActive: boolean;
  locked: boolean;
  /** ISO 8601; null for a user stored before it was recorded. */
  createdAt: string | null;
  /** When an admin last changed the user (null: never, since it was kept); a role change sends it and is refused (CONFLICT) if it moved on. */
  updatedAt: string | null;
}

const userFields = gql`
  fragment UserRowFields on User {
    _id
    email
    name
    role
    isActive
    locked
    createdAt
    updatedAt
  }
`;

export const usersQuery: TypedDocumentNode<{ users: UserRow[] }, Record<string, never>> = gql`
  query SettingsUsers {
    users {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export interface NewUser {
  email: string;
  name: string | null;
  password: string;
  role: UserRole;
}

export const addUserMutation: TypedDocumentNode<{ usersAdd: UserRow }, NewUser> = gql`
  mutation SettingsAddUser($email: String!, $name: String, $password: String!, $role: UserRole) {
    usersAdd(email: $email, name: $name, password: $password, role: $role) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

// Each answer carries the changed row, which Apollo's cache puts in place by _id: the list is not asked for again.
export const setRoleMutation: TypedDocumentNode<{ usersSetRole: UserRow }, { _id: string; role: UserRole; updatedAt: string | null }> = gql`
  mutation SettingsSetRole($_id: String!, $role: UserRole!, $updatedAt: Date) {
    usersSetRole(_id: $_id, role: $role, updatedAt: $updatedAt) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const deactivateMutation: TypedDocumentNode<{ usersDeactivate: UserRow }, { _id: string }> = gql`
  mutation SettingsDeactivateUser($_id: String!) {
    usersDeactivate(_id: $_id) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const activateMutation: TypedDocumentNode<{ usersActivate: UserRow }, { _id: string }> = gql`
  mutation SettingsActivateUser($_id: String!) {
    usersActivate(_id: $_id) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const unlockMutation: TypedDocumentNode<{ usersUnlock: UserRow }, { _id: string }> = gql`
  mutation SettingsUnlockUser($_id: String!) {
    usersUnlock(_id: $_id) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const changePasswordMutation: TypedDocumentNode<{ usersChangePassword: { _id: string } }, { currentPassword: string; newPassword: string }> = gql`
  mutation SettingsChangePassword($currentPassword: String!, $newPassword: String!) {
    usersChangePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      _id
    }
  }
`;
