/** The SMTP steps before the mail itself: a server's text there may be any service's banner, not a mail answer. */
const beforeTheMail = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH)/;

interface SmtpFailure {
  response?: unknown;
  message?: unknown;
  command?: unknown;
  code?: unknown;
}

/**
 * Why a reply was not sent, as the reply's `error`. The server's answer to the mail (say `550 Mailbox
 * unavailable` for a recipient) is kept: an agent needs it. Its greeting and its answers before the mail are
 * not repeated: pointed at some other service, they would hand that service's banner to whoever typed the host.
 */
export function smtpFailureReason(error: unknown): string {
  const { response, message, command, code } = (error ?? {}) as SmtpFailure;
  if (typeof command === 'string' && beforeTheMail.test(command) && response) {
    if (code === 'EAUTH') return 'Authentication failed (wrong user or password)';
    if (command === 'CONN') return 'the server did not greet as an SMTP server';
    return `the server refused ${command.split(' ')[0]}`;
  }
  return String(response || message || error).slice(0, 1_000);
}
