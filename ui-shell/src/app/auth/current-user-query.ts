import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CurrentUser {
  _id: string;
  email: string;
  name?: string | null;
  role?: string | null;
  /** What the user's role may do in every plugin (the core's `currentUser.permissions`). */
  permissions?: string[] | null;
}

export const currentUserQuery: TypedDocumentNode<{ currentUser: CurrentUser | null }> = gql`
  query CurrentUser {
    currentUser {
      _id
      email
      name
      role
      permissions
    }
  }
`;

export const loginMutation: TypedDocumentNode<{ login: CurrentUser | null }, { email: string; password: string }> = gql`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      _id
      email
      name
      role
      permissions
    }
  }
`;

export const logoutMutation: TypedDocumentNode<{ logout: boolean | null }> = gql`
  mutation Logout {
    logout
  }
`;
