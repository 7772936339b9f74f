import { gql, type TypedDocumentNode } from '@apollo/client';

export interface DocumentsSummaryData {
  documentsSummary: { total: number; checked: number; expiringSoon: number; expiringWithinDays: number };
}

export const documentsSummaryQuery: TypedDocumentNode<DocumentsSummaryData, Record<string, never>> = gql`
  query DocumentsSummary {
    documentsSummary {
      total
      checked
      expiringSoon
      expiringWithinDays
    }
  }
`;
