import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ImapAccountRemoveMutation, ImapAccountRemoveMutationVariables, ImapAccountsQuery, ImapAccountsQueryVariables } from './generated.js';

/** The imap plugin's accounts, without passwords; JSON, read with `imapAccountsOf`. */
export const imapAccountsQuery: TypedDocumentNode<ImapAccountsQuery, ImapAccountsQueryVariables> = gql`
  query ImapAccounts {
    imapAccounts
  }
`;

export const removeAccountMutation: TypedDocumentNode<ImapAccountRemoveMutation, ImapAccountRemoveMutationVariables> = gql`
  mutation ImapAccountRemove($_id: String!) {
    imapAccountRemove(_id: $_id)
  }
`;
