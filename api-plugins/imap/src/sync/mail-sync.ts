import { InputError } from '@lattice/plugin-sdk';
import type { Logger } from 'pino';
import type { IntegrationRecord } from '../models/records.js';
import { MailboxListener, type MailboxSettings } from './mailbox-listener.js';

export type MailReceiver = (inboxId: string, source: Buffer) => Promise<void>;

/** The IMAP account of an integration, if its doc holds one. */
export function mailboxSettings(integration: Partial<IntegrationRecord>): MailboxSettings | undefined {
  const { host, port, tls, user, password, mailbox } = integration;
  if (!host) return undefined;
  if (!user || !password) throw new InputError('An IMAP account needs host, user and password');
  return { host, port: port ?? (tls === false ? 143 : 993), tls: tls ?? true, user, password, mailbox: mailbox || 'INBOX' };
}

/** Every mailbox this imap plugin host listens to, by the inbox integration id. */
export class MailSync {
  private readonly listeners = new Map<string, MailboxListener>();

  constructor(
    private readonly receive: MailReceiver,
    private readonly logger: Logger,
    private readonly allowPrivateHosts = false,
  ) {}

  /** When the host stops (the runtime's `stop`). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.listeners.keys()].map((inboxId) => this.stop(inboxId)));
  }

  isSyncing(inboxId: string): boolean {
    return this.listeners.get(inboxId)?.connected ?? false;
  }

  /** Starts listening (no-op when already listening); fails with the server's reason. */
  async start(inboxId: string, settings: MailboxSettings): Promise<void> {
    if (this.listeners.has(inboxId)) return;
    const listener = new MailboxListener(
      settings,
      async (source) => {
        try {
          await this.receive(inboxId, source);
        } catch (error) {
          // A mail the flow can never accept is logged and passed over; anything else is tried again.
          if (!(error instanceof InputError)) throw error;
          this.logger.warn({ err: error, integrationId: inboxId }, 'mail from the mailbox refused');
        }
      },
      this.logger,
      this.allowPrivateHosts,
    );
    await listener.start();
    this.listeners.set(inboxId, listener);
    this.logger.info({ integrationId: inboxId, host: settings.host, user: settings.user }, 'imap: syncing started');
  }

  async stop(inboxId: string): Promise<void> {
    const listener = this.listeners.get(inboxId);
    this.listeners.delete(inboxId);
    await listener?.stop();
    if (listener) this.logger.info({ integrationId: inboxId }, 'imap: syncing stopped');
  }
}
