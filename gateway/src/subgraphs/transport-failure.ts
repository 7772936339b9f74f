/**
 * How a request to a replica failed before any answer. 'refused': the connection was never made, so the
 * host never saw the request (safe to send anywhere else, even a mutation). 'reset': the host took the
 * connection and dropped it without answering (a killed process, a reused keep-alive socket it had just
 * closed), so a query may be sent again but a mutation may already have run. 'timeout': the host took the request
 * and did not answer within the time allowed (frozen, or stuck): not sent again, since it may still run it and a
 * second wait would only double the client's. 'other': the rest.
 */
export type TransportFailure = 'refused' | 'reset' | 'timeout' | 'other';

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function transportFailure(error: unknown): TransportFailure {
  // undici may wrap the socket's error (an AggregateError for several addresses, or `cause`).
  const candidates = [error, (error as { cause?: unknown } | null)?.cause, ...((error as { errors?: unknown[] } | null)?.errors ?? [])];
  const codes = candidates.map(codeOf);
  if (codes.includes('ECONNREFUSED')) return 'refused';
  if (codes.some((code) => code !== undefined && RESET_CODES.has(code))) return 'reset';
  if (codes.some((code) => code !== undefined && TIMEOUT_CODES.has(code))) return 'timeout';
  return 'other';
}

/** Thrown by a call to a replica that failed before the host answered anything. */
export class NoAnswerError extends Error {
  constructor(cause: unknown) {
    super('the plugin host did not answer', { cause });
  }
}

/**
 * A plugin host took a GraphQL request and did not answer within the gateway's time-out: answered 503
 * PLUGIN_UNAVAILABLE with this message, not sent to another replica nor to the planner. A read may simply be
 * sent again; a write may still have been carried out by the host, so its message says to check first.
 */
export class SubgraphTimeoutError extends Error {
  constructor(
    readonly plugin: string,
    readonly timeoutMs: number,
    mayHaveRun: boolean,
  ) {
    const advice = mayHaveRun ? 'the change may still have been made: check before sending it again' : 'try again shortly';
    super(`Plugin "${plugin}" did not answer within ${timeoutMs} ms: ${advice}`);
  }
}
