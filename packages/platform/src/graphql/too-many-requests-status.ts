import type { ApolloServerPlugin } from '@apollo/server';

/**
 * Answers 429 when nothing was answered because a bounded queue was full (every error TOO_MANY_REQUESTS and no
 * field with data, e.g. a login while password hashing is saturated), so clients back off as for any 429.
 */
export function tooManyRequestsStatus(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (!errors?.length || !errors.every((error) => error.extensions?.['code'] === 'TOO_MANY_REQUESTS')) return;
          if (data && Object.values(data).some((value) => value !== null)) return;
          response.http.status = 429;
        },
      };
    },
  };
}
