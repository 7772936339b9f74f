/**
 * How a request to a replica failed before any answer. 'refused': the connection was never made, so the
 * host never saw the request (safe to send anywhere else, even a mutation). 'reset': the host took the
 * connection and dropped it without answering (a killed process, a reused keep-alive socket it had just
 * closed), so a query may be sent again but a mutation may already have run. 'other': timeouts and the rest.
 */
export type TransportFailure = 'refused' | 'reset' | 'other';

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

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
  return 'other';
}

/** Thrown by a call to a replica that failed before the host answered anything. */
export class NoAnswerError extends Error {
  constructor(cause: unknown) {
    super('the plugin host did not answer', { cause });
  }
}
