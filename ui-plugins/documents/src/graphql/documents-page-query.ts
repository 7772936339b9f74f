import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DocumentsPageQuery,
  DocumentsPageQueryVariables,
  DocumentTypeDocumentCountQuery,
  DocumentTypeDocumentCountQueryVariables,
  PresentItems,
} from './generated.js';

/** The page query's result as generated, its lists' items present (the resolvers answer only found rows). */
export type DocumentsPageResult = PresentItems<DocumentsPageQuery>;

/** One document type as the page query reads it (generated from the composed schema). */
export type DocumentType = NonNullable<DocumentsPageResult['documentTypes']>[number];

/** One row of the list as the page query reads it, `updatedAt` included: an edit sends it back (CONFLICT if changed since). */
export type DocumentRow = NonNullable<DocumentsPageResult['documents']>[number];

/** The columns the list can be sorted by (the server's sortField values). */
export const sortFields = ['name', 'expiryDate', 'checked'] as const;
export type SortField = (typeof sortFields)[number];
export type SortDirection = 'asc' | 'desc';

export const perPage = 25;

export interface DocumentsPageVariables {
  typeId: string | null;
  searchValue: string | null;
  sortField: SortField | null;
  sortDirection: SortDirection | null;
  page: number;
  perPage: number;
}

/**
 * The page's variables for a URL's search params: `?type=<typeId>&q=<search>&sort=<field>&dir=desc&page=<n>`.
 * Anything the server would refuse is read as absent, so a hand-edited URL still shows a page.
 */
export function documentsPageVariables(searchParams: URLSearchParams): DocumentsPageVariables {
  const sort = searchParams.get('sort');
  const sortField = (sortFields as readonly string[]).includes(sort ?? '') ? (sort as SortField) : null;
  const page = Number.parseInt(searchParams.get('page') ?? '', 10);
  return {
    typeId: searchParams.get('type') || null,
    searchValue: searchParams.get('q')?.trim().slice(0, 200) || null,
    sortField,
    sortDirection: sortField && searchParams.get('dir') === 'desc' ? 'desc' : sortField ? 'asc' : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    perPage,
  };
}

/** Everything the page shows, in one request: one page of the filtered list, the types and both counts. */
export const documentsPageQuery: TypedDocumentNode<DocumentsPageResult, DocumentsPageQueryVariables> = gql`
  query DocumentsPage(
    $typeId: String
    $searchValue: String
    $sortField: String
    $sortDirection: String
    $page: Int
    $perPage: Int
  ) {
    documents(
      typeId: $typeId
      searchValue: $searchValue
      sortField: $sortField
      sortDirection: $sortDirection
      page: $page
      perPage: $perPage
    ) {
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
    documentTypes {
      _id
      name
    }
    documentsTotalCount
    matchingCount: documentsTotalCount(typeId: $typeId, searchValue: $searchValue)
  }
`;

/** How many documents have one type: what the type-removal dialog says will lose it. */
export const typeDocumentCountQuery: TypedDocumentNode<DocumentTypeDocumentCountQuery, DocumentTypeDocumentCountQueryVariables> = gql`
  query DocumentTypeDocumentCount($typeId: String!) {
    documentsTotalCount(typeId: $typeId)
  }
`;
