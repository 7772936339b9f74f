import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ShellSearchQuery, ShellSearchQueryVariables } from './generated.js';

/** A hit; its `snippet` is HTML-escaped text with the matching words in <mark>. */
export type SearchHitRow = NonNullable<NonNullable<NonNullable<ShellSearchQuery['search']>['hits']>[number]>;

export const searchQuery: TypedDocumentNode<ShellSearchQuery, ShellSearchQueryVariables> = gql`
  query ShellSearch($query: String!) {
    search(query: $query, perPage: 20) {
      total
      hits {
        type
        id
        title
        snippet
        url
      }
    }
  }
`;
