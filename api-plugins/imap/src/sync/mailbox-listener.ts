import { InputError } from '@lattice/plugin-sdk';
import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import { resolveMailHost } from '../integrations/check-mail-host.js';
import { imapFailureReason } from './imap-failure-reason.js';

export interface MailboxSettings {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  password: string;
  mailbox: string;
}

export type MailHandler = (source: Buffer) => Promise<void>;

const reconnectDelayMs = 2_000;
const idleDelayMs = 500;
const retryDelayMs = 5_000;

/**
 * One IMAP account watched with IDLE: after each EXISTS it fetches the mails past the last one handled and
 * hands their source on. A mail that fails is tried again 5 s later (or at the next EXISTS or reconnect),
 * so nothing is skipped while contacts or the inbox are away. A dropped connection is re-opened until `stop()`.
 */
export class MailboxListener {
  private client: ImapFlow | undefined;
  private lastUid = 0;
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  private reconnectTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly settings: MailboxSettings,
    private readonly onMail: MailHandler,
    private readonly logger: Logger,
    /** IMAP_ALLOW_PRIVATE_HOSTS: otherwise each connection goes only to a checked global address. */
    private readonly allowPrivateHosts = false,
  ) {}

  /** Connects, opens the mailbox and starts idling; fails with the server's reason (BAD_USER_INPUT). */
  async start(): Promise<void> {
    await this.connect(true);
  }

  get connected(): boolean {
    return this.client?.usable ?? false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.logout().catch(() => client.close());
  }

  private async connect(first: boolean): Promise<void> {
    const { host, port, tls, user, password, mailbox } = this.settings;
    // Resolved and checked at each connection, and connected to that address: DNS may have changed since.
    const address = await resolveMailHost('IMAP host', host, this.allowPrivateHosts);
    const client = new ImapFlow({
      host: address,
      servername: host,
      port,
      secure: tls,
      auth: { user, pass: password },
      logger: false,
      emitLogs: false,
      // imapflow waits 15 s before it idles; new mail should show up within a second or so.
      autoIdleDelay: idleDelayMs,
    });
    client.on('error', (error: Error) => this.logger.warn({ err: error, host }, 'IMAP connection error'));
    let stage: 'connect' | 'open mailbox' = 'connect';
    try {
      await client.connect();
      stage = 'open mailbox';
      const opened = await client.mailboxOpen(mailbox);
      if (first) this.lastUid = opened.uidNext - 1;
    } catch (error) {
      client.close();
      throw new InputError(`The IMAP server ${host}:${port} refused: ${imapFailureReason(error, stage)}`, { cause: error });
    }
    if (this.stopped) {
      client.close();
      return;
    }
    this.client = client;
    client.on('exists', () => this.schedule());
    client.on('close', () => this.onClose(client));
    if (!first) this.schedule();
  }

  private onClose(client: ImapFlow): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.logger.warn({ host: this.settings.host }, 'IMAP connection closed; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.reconnectTimer = setTimeout(() => {
      if (this.stopped) return;
      this.connect(false).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'IMAP reconnect failed');
        this.scheduleReconnect();
      });
    }, reconnectDelayMs);
    this.reconnectTimer.unref();
  }

  private schedule(): void {
    this.queue = this.queue
      .then(() => this.fetchNew())
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'IMAP mail not filed yet; trying again shortly');
        // Without this a mail that failed (say, contacts was away) would wait for the next new mail.
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => {
          if (!this.stopped) this.schedule();
        }, retryDelayMs);
        this.retryTimer.unref();
      });
  }

  private async fetchNew(): Promise<void> {
    const client = this.client;
    if (!client?.usable) return;
    const mails: Array<{ uid: number; source: Buffer }> = [];
    // No other command may run while a FETCH streams, so the mails are handled after it.
    for await (const mail of client.fetch({ uid: `${this.lastUid + 1}:*` }, { uid: true, source: true }, { uid: true })) {
      if (mail.uid > this.lastUid && mail.source) mails.push({ uid: mail.uid, source: mail.source });
    }
    for (const mail of mails.sort((a, b) => a.uid - b.uid)) {
      await this.onMail(mail.source);
      this.lastUid = mail.uid;
    }
  }
}
