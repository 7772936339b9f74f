import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CreatedIntegration } from '@lattice/ui-sdk';
import type { ImapIntegrationInput } from '../imap-account-form-values.js';

export interface CreateIntegrationVariables {
  kind: string;
  name: string;
  data: ImapIntegrationInput['data'];
}

/** The inbox's mutation: the inbox record, then the imap plugin logs in; a refusal comes back as the error. */
export const createIntegrationMutation: TypedDocumentNode<
  { integrationsCreateExternalIntegration: CreatedIntegration | null },
  CreateIntegrationVariables
> = gql`
  mutation ImapCreateIntegration($kind: String!, $name: String!, $data: JSON) {
    integrationsCreateExternalIntegration(kind: $kind, name: $name, data: $data) {
      _id
      kind
      name
      webhookToken
    }
  }
`;
