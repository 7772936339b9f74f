import type { ApolloServerPlugin } from '@apollo/server';

/** Codes that, when they are every error of an answer with no data, give it their status so clients back off. */
const statusByRefusal: Readonly<Record<string, number>> = {
  // A bounded queue was full (e.g. a login while password hashing is saturated).
  TOO_MANY_REQUESTS: 429,
  // Something this answer needs is down for now (e.g. the core cannot confirm the session): retry shortly.
  PLUGIN_UNAVAILABLE: 503,
};

/**
 * Answers 429 or 503 when nothing was answered and every error is TOO_MANY_REQUESTS, or every error is
 * PLUGIN_UNAVAILABLE, so clients and proxies back off and retry as they do for any 429 or 503.
 */
export function refusalStatus(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          const code = errors?.[0]?.extensions?.['code'];
          const status = typeof code === 'string' ? statusByRefusal[code] : undefined;
          if (status === undefined || !errors!.every((error) => error.extensions?.['code'] === code)) return;
          if (data && Object.values(data).some((value) => value !== null)) return;
          response.http.status = status;
        },
      };
    },
  };
}
