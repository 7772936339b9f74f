import { isJsonObject } from './json-object.js';

/** One row of `imapAccounts`: an imap integration record without its password, and whether it syncs. */
export interface ImapAccount {
  _id: string;
  inboxId: string | null;
  host: string | null;
  port: number | null;
  tls: boolean | null;
  user: string | null;
  mailbox: string | null;
  syncing: boolean;
  /** Receives by webhook only: no mail server to show. */
  webhookOnly: boolean;
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

// imapAccounts is a JSON scalar, so its rows are checked here; a row without an _id cannot be removed
// and is left out.
export function imapAccountsOf(value: unknown): ImapAccount[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isJsonObject)
    .filter((row) => typeof row._id === 'string' && row._id !== '')
    .map((row) => ({
      _id: String(row._id),
      inboxId: stringOrNull(row.inboxId),
      host: stringOrNull(row.host),
      port: typeof row.port === 'number' ? row.port : null,
      tls: typeof row.tls === 'boolean' ? row.tls : null,
      user: stringOrNull(row.user),
      mailbox: stringOrNull(row.mailbox),
      syncing: row.syncing === true,
      webhookOnly: row.webhookOnly === true,
    }));
}

/** "imap.mail.test:993", the host alone without a port, or a dash for an account without a mailbox. */
export function accountServer(account: ImapAccount): string {
  if (!account.host) return '—';
  return account.port ? `${account.host}:${account.port}` : account.host;
}
