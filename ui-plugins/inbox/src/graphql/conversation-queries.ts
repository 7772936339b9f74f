import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  InboxChangeStatusMutation,
  InboxChangeStatusMutationVariables,
  InboxConversationChangedSubscription,
  InboxConversationChangedSubscriptionVariables,
  InboxConversationCustomerQuery,
  InboxConversationCustomerQueryVariables,
  InboxConversationDetailQuery,
  InboxConversationDetailQueryVariables,
  InboxConversationsQueryVariables,
  InboxConversationsWithCustomersQuery,
  InboxConversationsWithCustomersQueryVariables,
  PresentItems,
} from './generated.js';

type ListWithCustomers = PresentItems<InboxConversationsWithCustomersQuery>;
type RowWithCustomer = NonNullable<ListWithCustomers['conversations']>[number];

/** A row of the list; `customer` only when the contacts plugin runs (conversationListWithCustomersQuery). */
export type ConversationRow = Omit<RowWithCustomer, 'customer'> & Partial<Pick<RowWithCustomer, 'customer'>>;

export type ConversationCustomer = NonNullable<InboxConversationCustomerQuery['customerDetail']>;

/** Either list query's result: the same fields, the sender only in the one with customers. */
export type ConversationListData = Omit<ListWithCustomers, 'conversations'> & { conversations: ConversationRow[] | null };

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
export const conversationListQuery: TypedDocumentNode<ConversationListData, InboxConversationsQueryVariables> = gql`
  ${listOperation('InboxConversations', '')}
  ${conversationFields}
`;

/** The same with each conversation's sender, which the contacts plugin adds to `Customer` when it runs. */
export const conversationListWithCustomersQuery: TypedDocumentNode<ConversationListData, InboxConversationsWithCustomersQueryVariables> = gql`
  ${listOperation('InboxConversationsWithCustomers', 'customer { _id primaryEmail firstName lastName }')}
  ${conversationFields}
`;

export const conversationDetailQuery: TypedDocumentNode<InboxConversationDetailQuery, InboxConversationDetailQueryVariables> = gql`
  query InboxConversationDetail($_id: String!) {
    conversationDetail(_id: $_id) {
      ...ConversationRowFields
      createdAt
    }
  }
  ${conversationFields}
`;

/** The customer lives in the contacts plugin; the gateway answers for it. */
export const conversationCustomerQuery: TypedDocumentNode<InboxConversationCustomerQuery, InboxConversationCustomerQueryVariables> = gql`
  query InboxConversationCustomer($_id: String!) {
    customerDetail(_id: $_id) {
      _id
      primaryEmail
      firstName
      lastName
    }
  }
`;

export const changeStatusMutation: TypedDocumentNode<InboxChangeStatusMutation, InboxChangeStatusMutationVariables> = gql`
  mutation InboxChangeStatus($_ids: [String!]!, $status: ConversationStatus!) {
    conversationsChangeStatus(_ids: $_ids, status: $status) {
      _id
      status
      updatedAt
    }
  }
`;

/** Every created, updated or status-changed conversation, as it happens. */
export const conversationChangedSubscription: TypedDocumentNode<InboxConversationChangedSubscription, InboxConversationChangedSubscriptionVariables> = gql`
  subscription InboxConversationChanged {
    conversationChanged {
      _id
      content
      status
      updatedAt
    }
  }
`;
