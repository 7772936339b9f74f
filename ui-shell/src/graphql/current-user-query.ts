import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CurrentUserQuery, CurrentUserQueryVariables, LoginMutation, LoginMutationVariables, LogoutMutation, LogoutMutationVariables } from './generated.js';

/** `permissions`: what the user's role may do in every plugin (the core's `currentUser.permissions`). */
export const currentUserQuery: TypedDocumentNode<CurrentUserQuery, CurrentUserQueryVariables> = gql`
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

export const loginMutation: TypedDocumentNode<LoginMutation, LoginMutationVariables> = gql`
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

export const logoutMutation: TypedDocumentNode<LogoutMutation, LogoutMutationVariables> = gql`
  mutation Logout {
    logout
  }
`;
