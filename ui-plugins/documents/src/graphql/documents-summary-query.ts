import { gql, type TypedDocumentNode } from '@apollo/client';

import type { DocumentsSummaryQuery, DocumentsSummaryQueryVariables } from './generated.js';

export const documentsSummaryQuery: TypedDocumentNode<DocumentsSummaryQuery, DocumentsSummaryQueryVariables> = gql`
  query DocumentsSummary {
    documentsSummary {
      total
      checked
      expiringSoon
      expiringWithinDays
    }
  }
`;
