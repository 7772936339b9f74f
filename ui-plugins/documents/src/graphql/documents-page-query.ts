import { gql, type TypedDocumentNode } from '@apollo/client';

export interface DocumentType {
  _id: string;
  name: string | null;
}

export interface DocumentRow {
  _id: string;
  name: string | null;
  createdAt: string | null;
  expiryDate: string | null;
  checked: boolean | null;
  typeId: string | null;
  currentType: DocumentType | null;
}

export interface DocumentsPageData {
  documents: DocumentRow[] | null;
  documentTypes: DocumentType[] | null;
  documentsTotalCount: number | null;
}

/** Everything the page shows, in one request: the (filtered) list, the types and the total count. */
export const documentsPageQuery: TypedDocumentNode<DocumentsPageData, { typeId?: string | null }> = gql`
  query DocumentsPage($typeId: String) {
    documents(typeId: $typeId) {
      _id
      name
      createdAt
      expiryDate
      checked
      typeId
      currentType {
        _id
        name
      }
    }
    documentTypes {
      _id
      name
    }
    documentsTotalCount
  }
`;
