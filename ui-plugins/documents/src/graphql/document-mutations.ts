import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DocumentDetailQuery,
  DocumentDetailQueryVariables,
  DocumentsAddMutation,
  DocumentsAddMutationVariables,
  DocumentsEditMutation,
  DocumentsEditMutationVariables,
  DocumentsRemoveMutation,
  DocumentsRemoveMutationVariables,
  DocumentsRestoreMutation,
  DocumentsRestoreMutationVariables,
  DocumentTypesAddMutation,
  DocumentTypesAddMutationVariables,
  DocumentTypesEditMutation,
  DocumentTypesEditMutationVariables,
  DocumentTypesRemoveMutation,
  DocumentTypesRemoveMutationVariables,
  DocumentTypesRestoreMutation,
  DocumentTypesRestoreMutationVariables,
} from './generated.js';

/** What the document form gives an add or an edit (narrower than the mutations' variables: the form always sends each). */
export interface DocumentInput {
  name: string;
  expiryDate: string | null;
  checked: boolean;
  typeId: string | null;
}

// The server declares name optional; this client requires it (SPEC.md: the sample UI declares String!).
export const addDocumentMutation: TypedDocumentNode<DocumentsAddMutation, DocumentsAddMutationVariables> = gql`
  mutation DocumentsAdd($name: String!, $expiryDate: Date, $checked: Boolean, $typeId: String) {
    documentsAdd(name: $name, expiryDate: $expiryDate, checked: $checked, typeId: $typeId) {
      _id
    }
  }
`;

/**
 * Returns the fields it may change: Apollo's cache keeps one object per Document `_id`, so the row on
 * screen takes the result without the list being asked for again (the "Checked" toggle relies on it), and
 * with it the new `updatedAt` the next edit sends. With `updatedAt` (the version the form read) the server
 * refuses an edit of a document changed since with CONFLICT; the toggle sends none: a tick is no conflict.
 */
// The result's __typename (which Apollo's cache adds) is named so the optimistic answer can give it.
export const editDocumentMutation: TypedDocumentNode<
  { documentsEdit: (NonNullable<DocumentsEditMutation['documentsEdit']> & { __typename?: 'Document' }) | null },
  DocumentsEditMutationVariables
> = gql`
  mutation DocumentsEdit($_id: String!, $name: String, $expiryDate: Date, $checked: Boolean, $typeId: String, $updatedAt: Date) {
    documentsEdit(_id: $_id, name: $name, expiryDate: $expiryDate, checked: $checked, typeId: $typeId, updatedAt: $updatedAt) {
      _id
      name
      expiryDate
      checked
      typeId
      updatedAt
    }
  }
`;

/** One document as stored now: what an edit refused with CONFLICT is compared with. */
export const documentDetailQuery: TypedDocumentNode<DocumentDetailQuery, DocumentDetailQueryVariables> = gql`
  query DocumentDetail($_id: String!) {
    documentDetail(_id: $_id) {
      _id
      name
      createdAt
      expiryDate
      checked
      typeId
      updatedAt
      currentType {
        _id
        name
      }
    }
  }
`;

export const removeDocumentMutation: TypedDocumentNode<DocumentsRemoveMutation, DocumentsRemoveMutationVariables> = gql`
  mutation DocumentsRemove($_id: String!) {
    documentsRemove(_id: $_id)
  }
`;

export const addTypeMutation: TypedDocumentNode<DocumentTypesAddMutation, DocumentTypesAddMutationVariables> = gql`
  mutation DocumentTypesAdd($name: String!) {
    documentTypesAdd(name: $name) {
      _id
    }
  }
`;

export const editTypeMutation: TypedDocumentNode<DocumentTypesEditMutation, DocumentTypesEditMutationVariables> = gql`
  mutation DocumentTypesEdit($_id: String!, $name: String) {
    documentTypesEdit(_id: $_id, name: $name) {
      _id
      name
    }
  }
`;

// documentTypesRemove returns JSON (generated as unknown); its shape is the resolver's { documentsUntyped }.
export const removeTypeMutation: TypedDocumentNode<
  DocumentTypesRemoveMutation & { documentTypesRemove: { documentsUntyped?: number } | null },
  DocumentTypesRemoveMutationVariables
> = gql`
  mutation DocumentTypesRemove($_id: String!) {
    documentTypesRemove(_id: $_id)
  }
`;

/** Puts back a document removed in the last minute (the server keeps it that long): Undo. */
export const restoreDocumentMutation: TypedDocumentNode<DocumentsRestoreMutation, DocumentsRestoreMutationVariables> = gql`
  mutation DocumentsRestore($_id: String!) {
    documentsRestore(_id: $_id) {
      _id
    }
  }
`;

/** Puts back a type removed in the last minute and gives it back to the documents that lost it: Undo. */
export const restoreTypeMutation: TypedDocumentNode<DocumentTypesRestoreMutation, DocumentTypesRestoreMutationVariables> = gql`
  mutation DocumentTypesRestore($_id: String!) {
    documentTypesRestore(_id: $_id) {
      _id
    }
  }
`;

/** After any change, the list, the types and the count are read again (all in the one page query). */
export const refetchPage = { refetchQueries: ['DocumentsPage'], awaitRefetchQueries: true };
