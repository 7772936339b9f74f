import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DocumentRow } from './documents-page-query.js';

export interface DocumentInput {
  name: string;
  expiryDate: string | null;
  checked: boolean;
  typeId: string | null;
}

// The server declares name optional; this client requires it (SPEC.md: the sample UI declares String!).
export const addDocumentMutation: TypedDocumentNode<Record<string, unknown>, DocumentInput> = gql`
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
export const editDocumentMutation: TypedDocumentNode<
  {
    documentsEdit: {
      __typename: 'Document';
      _id: string;
      checked: boolean | null;
      name?: string | null;
      expiryDate?: string | null;
      typeId?: string | null;
      updatedAt?: string | null;
    } | null;
  },
  Partial<DocumentInput> & { _id: string; updatedAt?: string | null }
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
export const documentDetailQuery: TypedDocumentNode<{ documentDetail: DocumentRow | null }, { _id: string }> = gql`
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

export const removeDocumentMutation: TypedDocumentNode<Record<string, unknown>, { _id: string }> = gql`
  mutation DocumentsRemove($_id: String!) {
    documentsRemove(_id: $_id)
  }
`;

export const addTypeMutation: TypedDocumentNode<Record<string, unknown>, { name: string }> = gql`
  mutation DocumentTypesAdd($name: String!) {
    documentTypesAdd(name: $name) {
      _id
    }
  }
`;

export const editTypeMutation: TypedDocumentNode<Record<string, unknown>, { _id: string; name: string }> = gql`
  mutation DocumentTypesEdit($_id: String!, $name: String) {
    documentTypesEdit(_id: $_id, name: $name) {
      _id
      name
    }
  }
`;

export const removeTypeMutation: TypedDocumentNode<{ documentTypesRemove: { documentsUntyped?: number } | null }, { _id: string }> = gql`
  mutation DocumentTypesRemove($_id: String!) {
    documentTypesRemove(_id: $_id)
  }
`;

/** Puts back a document removed in the last minute (the server keeps it that long): Undo. */
export const restoreDocumentMutation: TypedDocumentNode<{ documentsRestore: { _id: string } | null }, { _id: string }> = gql`
  mutation DocumentsRestore($_id: String!) {
    documentsRestore(_id: $_id) {
      _id
    }
  }
`;

/** Puts back a type removed in the last minute and gives it back to the documents that lost it: Undo. */
export const restoreTypeMutation: TypedDocumentNode<{ documentTypesRestore: { _id: string } | null }, { _id: string }> = gql`
  mutation DocumentTypesRestore($_id: String!) {
    documentTypesRestore(_id: $_id) {
      _id
    }
  }
`;

/** After any change, the list, the types and the count are read again (all in the one page query). */
export const refetchPage = { refetchQueries: ['DocumentsPage'], awaitRefetchQueries: true };
