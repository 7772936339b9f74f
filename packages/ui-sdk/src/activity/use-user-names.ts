import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useCan } from '../client/permissions-context.js';

const userNamesQuery: TypedDocumentNode<{ users: Array<{ _id: string; email: string; name: string | null }> }> = gql`
  query ActivityUserNames {
    users {
      _id
      email
      name
    }
  }
`;

/**
 * Names the author of an entry: the user's name or e-mail when the current user may see users
 * (`core:showUsers`), else the id the entry holds.
 */
export function useUserNames(): (userId: string | null) => string {
  const canSeeUsers = useCan('core:showUsers');
  const { data } = useQuery(userNamesQuery, { skip: !canSeeUsers });
  return useMemo(() => {
    const names = new Map((data?.users ?? []).flatMap((user) => [[user._id, user.name || user.email] as const, [user.email, user.name || user.email] as const]));
    return (userId) => (userId ? (names.get(userId) ?? userId) : '—');
  }, [data]);
}
