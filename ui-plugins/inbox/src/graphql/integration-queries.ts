import { gql, type TypedDocumentNode } from '@apollo/client';
import type { InboxIntegrationsQuery, InboxIntegrationsQueryVariables, InboxRemoveIntegrationMutation, InboxRemoveIntegrationMutationVariables, PresentItems } from './generated.js';

/** The page query's result, its lists' items present (the resolvers answer only found rows). */
export type IntegrationsPageData = PresentItems<InboxIntegrationsQuery>;
export type IntegrationRow = NonNullable<IntegrationsPageData['integrations']>[number];
export type IntegrationKind = NonNullable<IntegrationsPageData['integrationKinds']>[number];

/** The integrations and the kinds whose plugins are running now (only those can create or remove). */
export const integrationsPageQuery: TypedDocumentNode<IntegrationsPageData, InboxIntegrationsQueryVariables> = gql`
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

export const removeIntegrationMutation: TypedDocumentNode<InboxRemoveIntegrationMutation, InboxRemoveIntegrationMutationVariables> = gql`
  mutation InboxRemoveIntegration($_id: String!) {
    integrationsRemove(_id: $_id)
  }
`;
