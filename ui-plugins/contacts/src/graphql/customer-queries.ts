import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CustomerDetail {
  _id: string;
  firstName: string | null;
  lastName: string | null;
  primaryEmail: string | null;
  emails: Array<string | null> | null;
  createdAt: string | null;
  /** What an edit sends back, so that a change made meanwhile is refused (CONFLICT) rather than overwritten. */
  updatedAt: string | null;
}

const customerFields = gql`
  fragment CustomerDetailFields on Customer {
    _id
    firstName
    lastName
    primaryEmail
    emails
    createdAt
    updatedAt
  }
`;

export const customerDetailQuery: TypedDocumentNode<{ customerDetail: CustomerDetail | null }, { _id: string }> = gql`
  ${customerFields}
  query CustomerDetail($_id: String!) {
    customerDetail(_id: $_id) {
      ...CustomerDetailFields
    }
  }
`;

export interface CustomerConversation {
  _id: string;
  content: string | null;
  status: 'open' | 'closed' | null;
  updatedAt: string | null;
  integration: { _id: string; name: string | null; kind: string | null } | null;
}

export const conversationsShown = 50;

/** The inbox's conversations of one customer, newest activity first, whatever integration they came through. */
export const customerConversationsQuery: TypedDocumentNode<
  { conversations: CustomerConversation[] | null; conversationsTotalCount: number | null },
  { customerId: string; perPage: number }
> = gql`
  query CustomerConversations($customerId: String!, $perPage: Int) {
    conversations(customerId: $customerId, perPage: $perPage) {
      _id
      content
      status
      updatedAt
      integration {
        _id
        name
        kind
      }
    }
    conversationsTotalCount(customerId: $customerId)
  }
`;

export interface CustomerEditVariables {
  _id: string;
  firstName: string | null;
  lastName: string | null;
  primaryEmail: string;
  emails: string[];
  updatedAt: string | null;
}

export const editCustomerMutation: TypedDocumentNode<{ customersEdit: CustomerDetail | null }, CustomerEditVariables> = gql`
  ${customerFields}
  mutation CustomersEdit($_id: String!, $firstName: String, $lastName: String, $primaryEmail: String, $emails: [String!], $updatedAt: Date) {
    customersEdit(_id: $_id, firstName: $firstName, lastName: $lastName, primaryEmail: $primaryEmail, emails: $emails, updatedAt: $updatedAt) {
      ...CustomerDetailFields
    }
  }
`;

export const mergeCustomersMutation: TypedDocumentNode<{ customersMerge: CustomerDetail | null }, { keepId: string; mergeId: string }> = gql`
  ${customerFields}
  mutation CustomersMerge($keepId: String!, $mergeId: String!) {
    customersMerge(keepId: $keepId, mergeId: $mergeId) {
      ...CustomerDetailFields
    }
  }
`;

/** Candidates to merge with: a few customers the search matches. */
export const mergeCandidatesQuery: TypedDocumentNode<
  { customers: Array<{ _id: string; firstName: string | null; lastName: string | null; primaryEmail: string | null }> | null },
  { searchValue: string }
> = gql`
  query CustomerMergeCandidates($searchValue: String) {
    customers(searchValue: $searchValue, perPage: 8) {
      _id
      firstName
      lastName
      primaryEmail
    }
  }
`;
