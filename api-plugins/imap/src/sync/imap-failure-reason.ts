/** The network failures a reason names by their code; the code alone tells the admin what to fix. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

interface ImapFlowFailure {
  code?: unknown;
  authenticationFailed?: unknown;
  responseText?: unknown;
}

/**
 * Why connecting to an IMAP server failed, in words of our own. The server's own text (its greeting, or what it
 * answered to a command) is never repeated: pointed at some other service, it would hand that service's banner
 * to whoever typed the host.
 */
export function imapFailureReason(error: unknown, stage: 'connect' | 'open mailbox'): string {
  const { code, authenticationFailed } = (error ?? {}) as ImapFlowFailure;
  if (authenticationFailed === true) return 'Authentication failed (wrong user or password)';
  if (typeof code === 'string') {
    if (networkCodes.has(code)) return `connect ${code}`;
    if (code === 'GREETING_TIMEOUT') return 'no IMAP greeting (not an IMAP server, or it expects TLS)';
    if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code === 'ClosedAfterConnectTLS') return 'the TLS handshake failed';
    if (code.startsWith('ClosedAfterConnect') || code === 'NoConnection') return 'the server closed the connection';
    if (code === 'CONNECT_TIMEOUT') return 'connect timed out';
  }
  if (stage === 'open mailbox') return 'the mailbox cannot be opened';
  return 'the server did not answer as an IMAP server';
}
