import { gql, type TypedDocumentNode } from '@apollo/client';

/** The imap plugin's accounts, without passwords; JSON, read with `imapAccountsOf`. */
export const imapAccountsQuery: TypedDocumentNode<{ imapAccounts: unknown }, Record<string, never>> = gql`
  query ImapAccounts {
    imapAccounts
  }
`;

export const removeAccountMutation: TypedDocumentNode<{ imapAccountRemove: string | null }, { _id: string }> = gql`
  mutation ImapAccountRemove($_id: String!) {
    imapAccountRemove(_id: $_id)
  }
`;
