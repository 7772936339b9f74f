import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CustomerConversationsQuery,
  CustomerConversationsQueryVariables,
  CustomerDetailFieldsFragment,
  CustomerDetailQuery,
  CustomerDetailQueryVariables,
  CustomerMergeCandidatesQuery,
  CustomerMergeCandidatesQueryVariables,
  CustomersEditMutation,
  CustomersMergeMutation,
  CustomersMergeMutationVariables,
  PresentItems,
} from './generated.js';

/** A customer as the detail page reads it; `updatedAt` is what an edit sends back, so a change made meanwhile is refused (CONFLICT). */
export type CustomerDetail = CustomerDetailFieldsFragment;

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

export const customerDetailQuery: TypedDocumentNode<CustomerDetailQuery, CustomerDetailQueryVariables> = gql`
  ${customerFields}
  query CustomerDetail($_id: String!) {
    customerDetail(_id: $_id) {
      ...CustomerDetailFields
    }
  }
`;

/** The conversations query's result, its list's items present (the resolvers answer only found rows). */
type CustomerConversationsResult = PresentItems<CustomerConversationsQuery>;
export type CustomerConversation = NonNullable<CustomerConversationsResult['conversations']>[number];

export const conversationsShown = 50;

/** The inbox's conversations of one customer, newest activity first, whatever integration they came through. */
export const customerConversationsQuery: TypedDocumentNode<CustomerConversationsResult, CustomerConversationsQueryVariables> = gql`
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

/** What the form sends (narrower than the generated variables: it always sends each field). */
export interface CustomerEditVariables {
  _id: string;
  firstName: string | null;
  lastName: string | null;
  primaryEmail: string;
  emails: string[];
  updatedAt: string | null;
}

export const editCustomerMutation: TypedDocumentNode<CustomersEditMutation, CustomerEditVariables> = gql`
  ${customerFields}
  mutation CustomersEdit($_id: String!, $firstName: String, $lastName: String, $primaryEmail: String, $emails: [String!], $updatedAt: Date) {
    customersEdit(_id: $_id, firstName: $firstName, lastName: $lastName, primaryEmail: $primaryEmail, emails: $emails, updatedAt: $updatedAt) {
      ...CustomerDetailFields
    }
  }
`;

export const mergeCustomersMutation: TypedDocumentNode<CustomersMergeMutation, CustomersMergeMutationVariables> = gql`
  ${customerFields}
  mutation CustomersMerge($keepId: String!, $mergeId: String!) {
    customersMerge(keepId: $keepId, mergeId: $mergeId) {
      ...CustomerDetailFields
    }
  }
`;

/** Candidates to merge with: a few customers the search matches. */
export const mergeCandidatesQuery: TypedDocumentNode<CustomerMergeCandidatesQuery, CustomerMergeCandidatesQueryVariables> = gql`
  query CustomerMergeCandidates($searchValue: String) {
    customers(searchValue: $searchValue, perPage: 8) {
      _id
      firstName
      lastName
      primaryEmail
    }
  }
`;
