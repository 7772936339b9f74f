import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ImapIntegrationInput } from '../imap-account-form-values.js';
import type { ImapCreateIntegrationMutation } from './generated.js';

/** The generated variables' `data` is JSON (unknown); the form sends the imap plugin's own fields. */
export interface CreateIntegrationVariables {
  kind: string;
  name: string;
  data: ImapIntegrationInput['data'];
}

/** The inbox's mutation: the inbox record, then the imap plugin logs in; a refusal comes back as the error. */
export const createIntegrationMutation: TypedDocumentNode<ImapCreateIntegrationMutation, CreateIntegrationVariables> = gql`
  mutation ImapCreateIntegration($kind: String!, $name: String!, $data: JSON) {
    integrationsCreateExternalIntegration(kind: $kind, name: $name, data: $data) {
      _id
      kind
      name
      webhookToken
    }
  }
`;
