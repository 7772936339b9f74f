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

export interface DocumentsPageVariables {
  typeId: string | null;
}

/** The page's variables for a URL's search params (`?type=<typeId>`). */
export function documentsPageVariables(searchParams: URLSearchParams): DocumentsPageVariables {
  return { typeId: searchParams.get('type') || null };
}

/** Everything the page shows, in one request: the (filtered) list, the types and the total count. */
export const documentsPageQuery: TypedDocumentNode<DocumentsPageData, DocumentsPageVariables> = gql`
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
