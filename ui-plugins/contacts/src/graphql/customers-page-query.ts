import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CustomersPageQuery, CustomersPageQueryVariables, PresentItems } from './generated.js';

/** The page query's result, its list's items present (the resolvers answer only found rows). */
type CustomersPageResult = PresentItems<CustomersPageQuery>;

export type CustomerRow = NonNullable<CustomersPageResult['customers']>[number];

/** The columns the list can be sorted by (the server's sortField values). */
export const sortFields = ['firstName', 'lastName', 'primaryEmail', 'createdAt'] as const;
export type SortField = (typeof sortFields)[number];
export type SortDirection = 'asc' | 'desc';

export const perPage = 25;

export interface CustomersPageVariables {
  searchValue: string | null;
  sortField: SortField | null;
  sortDirection: SortDirection | null;
  page: number;
  perPage: number;
}

/**
 * The list's variables for a URL's search params: `?q=<search>&sort=<field>&dir=desc&page=<n>`. Anything the
 * server would refuse is read as absent, so a hand-edited URL still shows a page.
 */
export function customersPageVariables(searchParams: URLSearchParams): CustomersPageVariables {
  const sort = searchParams.get('sort');
  const sortField = (sortFields as readonly string[]).includes(sort ?? '') ? (sort as SortField) : null;
  const page = Number.parseInt(searchParams.get('page') ?? '', 10);
  return {
    searchValue: searchParams.get('q')?.trim().slice(0, 200) || null,
    sortField,
    sortDirection: sortField && searchParams.get('dir') === 'desc' ? 'desc' : sortField ? 'asc' : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    perPage,
  };
}

/** The list in one request: one page of the searched customers and both counts. */
export const customersPageQuery: TypedDocumentNode<CustomersPageResult, CustomersPageQueryVariables> = gql`
  query CustomersPage($searchValue: String, $sortField: String, $sortDirection: String, $page: Int, $perPage: Int) {
    customers(searchValue: $searchValue, sortField: $sortField, sortDirection: $sortDirection, page: $page, perPage: $perPage) {
      _id
      firstName
      lastName
      primaryEmail
      createdAt
    }
    customersTotalCount
    matchingCount: customersTotalCount(searchValue: $searchValue)
  }
`;
