import { gql, type TypedDocumentNode } from '@apollo/client';

export type ConversationStatus = 'open' | 'closed';

export interface ConversationIntegration {
  _id: string;
  kind: string | null;
  name: string | null;
}

export interface ConversationCustomer {
  _id: string;
  primaryEmail: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface ConversationRow {
  _id: string;
  content: string | null;
  status: ConversationStatus | null;
  updatedAt: string | null;
  integrationId: string | null;
  customerId: string | null;
  integration: ConversationIntegration | null;
  /** Only when the contacts plugin runs (conversationListWithCustomersQuery). */
  customer?: ConversationCustomer | null;
}

export interface ConversationListData {
  conversations: ConversationRow[] | null;
  conversationsTotalCount: number | null;
  integrations: ConversationIntegration[] | null;
}

export interface ConversationListVariables {
  integrationId: string | null;
  status: ConversationStatus | null;
  searchValue: string | null;
  page: number;
  perPage: number;
}

const conversationFields = gql`
  fragment ConversationRowFields on Conversation {
    _id
    content
    status
    updatedAt
    integrationId
    customerId
    integration {
      _id
      kind
      name
    }
  }
`;

const listOperation = (name: string, customerFields: string) => `
  query ${name}($integrationId: String, $status: ConversationStatus, $searchValue: String, $page: Int, $perPage: Int) {
    conversations(integrationId: $integrationId, status: $status, searchValue: $searchValue, page: $page, perPage: $perPage) {
      ...ConversationRowFields
      ${customerFields}
    }
    conversationsTotalCount(integrationId: $integrationId, status: $status, searchValue: $searchValue)
    integrations {
      _id
      kind
      name
    }
  }
`;

/** The list page in one request: a page of conversations (newest activity first), their count, the integrations. */
export const conversationListQuery: TypedDocumentNode<ConversationListData, ConversationListVariables> = gql`
  ${listOperation('InboxConversations', '')}
  ${conversationFields}
`;

/** The same with each conversation's sender, which the contacts plugin adds to `Customer` when it runs. */
export const conversationListWithCustomersQuery: TypedDocumentNode<ConversationListData, ConversationListVariables> = gql`
  ${listOperation('InboxConversationsWithCustomers', 'customer { _id primaryEmail firstName lastName }')}
  ${conversationFields}
`;

export interface ConversationDetailData {
  conversationDetail: (ConversationRow & { createdAt: string | null }) | null;
}

export const conversationDetailQuery: TypedDocumentNode<ConversationDetailData, { _id: string }> = gql`
  query InboxConversationDetail($_id: String!) {
    conversationDetail(_id: $_id) {
      ...ConversationRowFields
      createdAt
    }
  }
  ${conversationFields}
`;

/** The customer lives in the contacts plugin; the gateway answers for it. */
export const conversationCustomerQuery: TypedDocumentNode<{ customerDetail: ConversationCustomer | null }, { _id: string }> = gql`
  query InboxConversationCustomer($_id: String!) {
    customerDetail(_id: $_id) {
      _id
      primaryEmail
      firstName
      lastName
    }
  }
`;

export const changeStatusMutation: TypedDocumentNode<
  { conversationsChangeStatus: Array<{ _id: string; status: ConversationStatus | null; updatedAt: string | null }> | null },
  { _ids: string[]; status: ConversationStatus }
> = gql`
  mutation InboxChangeStatus($_ids: [String!]!, $status: ConversationStatus!) {
    conversationsChangeStatus(_ids: $_ids, status: $status) {
      _id
      status
      updatedAt
    }
  }
`;

/** Every created, updated or status-changed conversation, as it happens. */
export const conversationChangedSubscription: TypedDocumentNode<
  { conversationChanged: Pick<ConversationRow, '_id' | 'content' | 'status' | 'updatedAt'> | null },
  Record<string, never>
> = gql`
  subscription InboxConversationChanged {
    conversationChanged {
      _id
      content
      status
      updatedAt
    }
  }
`;
