/** What the IMAP account form edits, as its inputs hold it (the port as typed). */
export interface ImapAccountFormValues {
  name: string;
  host: string;
  port: string;
  tls: boolean;
  user: string;
  password: string;
  /** Where replies go out: the sender address, and an SMTP server (empty host: the IMAP host). */
  email: string;
  /** `host` or `host:port`. */
  smtpServer: string;
  smtpTls: boolean;
  /** Receive by webhook only: no mail server, so none of the account's fields is asked for. */
  webhookOnly: boolean;
}

export type ImapAccountField = 'name' | 'host' | 'port' | 'user' | 'password' | 'email' | 'smtpServer';

/** What is wrong with a field: left empty though required, or not in the form it must have. */
export type ImapAccountProblem = 'required' | 'invalid';

/** Why the form cannot be sent yet, by field (the form words each one from its catalogue). */
export type ImapAccountProblems = Partial<Record<ImapAccountField, ImapAccountProblem>>;

/** The integration's `data`: the IMAP account keys `imap:createIntegration` reads (api-plugins/imap). */
export interface ImapAccountData {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  password: string;
  /** SMTP uses the IMAP user and password; host and port only when given. */
  email?: string;
  smtpHost?: string;
  smtpPort?: number;
  smtpTls: boolean;
}

/** An integration that receives by POST /receive alone: no IMAP account. */
export interface WebhookOnlyData {
  webhookOnly: true;
}

export interface ImapIntegrationInput {
  name: string;
  data: ImapAccountData | WebhookOnlyData;
}

const tlsPort = '993';
const plainPort = '143';

export const emptyImapAccountForm: ImapAccountFormValues = {
  name: '',
  host: '',
  port: tlsPort,
  tls: true,
  user: '',
  password: '',
  email: '',
  smtpServer: '',
  smtpTls: true,
  webhookOnly: false,
};

/** Turns TLS on or off; a port still at the other mode's standard one follows (993 with TLS, 143 without). */
export function withTls(values: ImapAccountFormValues, tls: boolean): ImapAccountFormValues {
  const port = values.port.trim();
  if (tls && port === plainPort) return { ...values, tls, port: tlsPort };
  if (!tls && port === tlsPort) return { ...values, tls, port: plainPort };
  return { ...values, tls };
}

function portOf(typed: string): number | null {
  const trimmed = typed.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const port = Number(trimmed);
  return port >= 1 && port <= 65_535 ? port : null;
}

/** The mutation's name and data, or every problem to show next to its field. */
export function imapIntegrationInputOf(values: ImapAccountFormValues): { input: ImapIntegrationInput } | { problems: ImapAccountProblems } {
  const name = values.name.trim();
  const host = values.host.trim();
  const user = values.user.trim();
  const port = portOf(values.port);
  const email = values.email.trim();
  const [, smtpHost = '', typedSmtpPort] = /^(.*?)(?::([^:]*))?$/.exec(values.smtpServer.trim()) ?? [];
  const smtpPort = typedSmtpPort === undefined ? undefined : portOf(typedSmtpPort);
  const problems: ImapAccountProblems = {};
  if (!name) problems.name = 'required';
  if (values.webhookOnly) return name ? { input: { name, data: { webhookOnly: true } } } : { problems };
  if (!host) problems.host = 'required';
  if (port === null) problems.port = 'invalid';
  if (!user) problems.user = 'required';
  // Spaces may be part of a password, so it is sent exactly as typed.
  if (!values.password) problems.password = 'required';
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) problems.email = 'invalid';
  if (smtpPort === null || (values.smtpServer.trim() && !smtpHost)) problems.smtpServer = 'invalid';
  if (port === null || smtpPort === null || Object.keys(problems).length > 0) return { problems };
  const smtp = { ...(email ? { email } : {}), ...(smtpHost ? { smtpHost } : {}), ...(smtpPort ? { smtpPort } : {}), smtpTls: values.smtpTls };
  return { input: { name, data: { host, port, tls: values.tls, user, password: values.password, ...smtp } } };
}
