import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useCan } from '../client/permissions-context.js';

interface UserName {
  _id: string;
  email: string;
  name?: string | null;
}

const userNamesQuery: TypedDocumentNode<{ users: UserName[] }> = gql`
  query ActivityUserNames {
    users {
      _id
      email
      name
    }
  }
`;

// The shell has asked for the logged-in user already: this is answered from Apollo's cache.
const currentUserNameQuery: TypedDocumentNode<{ currentUser: UserName | null }> = gql`
  query ActivityCurrentUserName {
    currentUser {
      _id
      email
      name
    }
  }
`;

/**
 * Names the author of an entry: the user's name or e-mail when the current user may see users
 * (`core:showUsers`) or wrote it themselves, else the id the entry holds.
 */
export function useUserNames(): (userId: string | null) => string {
  const canSeeUsers = useCan('core:showUsers');
  const { data } = useQuery(userNamesQuery, { skip: !canSeeUsers });
  const { data: me } = useQuery(currentUserNameQuery, { fetchPolicy: 'cache-first' });
  return useMemo(() => {
    const known = [...(data?.users ?? []), ...(me?.currentUser ? [me.currentUser] : [])];
    const names = new Map(known.map((user) => [user._id, user.name || user.email] as const));
    return (userId) => (userId ? (names.get(userId) ?? userId) : '—');
  }, [data, me]);
}
