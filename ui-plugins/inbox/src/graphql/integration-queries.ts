import { gql, type TypedDocumentNode } from '@apollo/client';

export interface IntegrationRow {
  _id: string;
  kind: string | null;
  name: string | null;
  createdAt: string | null;
}

export interface IntegrationKind {
  kind: string;
  label: string | null;
}

export interface IntegrationsPageData {
  integrations: IntegrationRow[] | null;
  integrationKinds: IntegrationKind[] | null;
}

/** The integrations and the kinds whose plugins are running now (only those can create or remove). */
export const integrationsPageQuery: TypedDocumentNode<IntegrationsPageData, Record<string, never>> = gql`
  query InboxIntegrations {
    integrations {
      _id
      kind
      name
      createdAt
    }
    integrationKinds {
      kind
      label
    }
  }
`;

export const removeIntegrationMutation: TypedDocumentNode<{ integrationsRemove: unknown }, { _id: string }> = gql`
  mutation InboxRemoveIntegration($_id: String!) {
    integrationsRemove(_id: $_id)
  }
`;
