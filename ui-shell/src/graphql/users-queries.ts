import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  SettingsActivateUserMutation,
  SettingsActivateUserMutationVariables,
  SettingsAddUserMutation,
  SettingsAddUserMutationVariables,
  SettingsChangePasswordMutation,
  SettingsChangePasswordMutationVariables,
  SettingsDeactivateUserMutation,
  SettingsDeactivateUserMutationVariables,
  SettingsSetRoleMutation,
  SettingsSetRoleMutationVariables,
  SettingsUnlockUserMutation,
  SettingsUnlockUserMutationVariables,
  SettingsUsersQuery,
  SettingsUsersQueryVariables,
  UserRole,
  UserRowFieldsFragment,
} from './generated.js';

export type { UserRole } from './generated.js';
export const userRoles: readonly UserRole[] = ['owner', 'admin', 'member'];

/** `createdAt` is null for a user stored before it was recorded; `updatedAt` is when an admin last changed the user
 * (null: never, since it was kept): a role change sends it and is refused (CONFLICT) if it moved on. */
export type UserRow = UserRowFieldsFragment;

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

export const usersQuery: TypedDocumentNode<SettingsUsersQuery, SettingsUsersQueryVariables> = gql`
  query SettingsUsers {
    users {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const addUserMutation: TypedDocumentNode<SettingsAddUserMutation, SettingsAddUserMutationVariables> = gql`
  mutation SettingsAddUser($email: String!, $name: String, $password: String!, $role: UserRole) {
    usersAdd(email: $email, name: $name, password: $password, role: $role) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

// Each answer carries the changed row, which Apollo's cache puts in place by _id: the list is not asked for again.
export const setRoleMutation: TypedDocumentNode<SettingsSetRoleMutation, SettingsSetRoleMutationVariables & { updatedAt: string | null }> = gql`
  mutation SettingsSetRole($_id: String!, $role: UserRole!, $updatedAt: Date) {
    usersSetRole(_id: $_id, role: $role, updatedAt: $updatedAt) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const deactivateMutation: TypedDocumentNode<SettingsDeactivateUserMutation, SettingsDeactivateUserMutationVariables> = gql`
  mutation SettingsDeactivateUser($_id: String!) {
    usersDeactivate(_id: $_id) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const activateMutation: TypedDocumentNode<SettingsActivateUserMutation, SettingsActivateUserMutationVariables> = gql`
  mutation SettingsActivateUser($_id: String!) {
    usersActivate(_id: $_id) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const unlockMutation: TypedDocumentNode<SettingsUnlockUserMutation, SettingsUnlockUserMutationVariables> = gql`
  mutation SettingsUnlockUser($_id: String!) {
    usersUnlock(_id: $_id) {
      ...UserRowFields
    }
  }
  ${userFields}
`;

export const changePasswordMutation: TypedDocumentNode<SettingsChangePasswordMutation, SettingsChangePasswordMutationVariables> = gql`
  mutation SettingsChangePassword($currentPassword: String!, $newPassword: String!) {
    usersChangePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      _id
    }
  }
`;
