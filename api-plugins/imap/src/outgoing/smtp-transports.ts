import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { resolveMailHost } from '../integrations/check-mail-host.js';
import type { SmtpSettings } from './smtp-settings.js';

export type OutgoingMail = Parameters<Transporter<SMTPTransport.SentMessageInfo>['sendMail']>[0];

interface Entry {
  key: string;
  transport: Transporter<SMTPTransport.SentMessageInfo>;
}

/**
 * One pooled SMTP transport per integration, kept between replies (a busy inbox would otherwise log in for
 * every mail) and made again when its settings change; `closeAll` when the host stops.
 */
export class SmtpTransports {
  private readonly entries = new Map<string, Entry>();

  /** `allowPrivateHosts`: IMAP_ALLOW_PRIVATE_HOSTS; otherwise mail leaves only through a checked global address. */
  constructor(private readonly allowPrivateHosts = false) {}

  /**
   * Resolves and checks the SMTP host at every send and connects to that address (its name kept for TLS): a
   * transport whose host now resolves elsewhere is made again, so its pooled connections only reach checked ones.
   */
  async send(inboxId: string, settings: SmtpSettings, mail: OutgoingMail): Promise<void> {
    const address = await resolveMailHost('SMTP host', settings.host, this.allowPrivateHosts);
    await this.transport(inboxId, settings, address).sendMail(mail);
  }

  forget(inboxId: string): void {
    this.entries.get(inboxId)?.transport.close();
    this.entries.delete(inboxId);
  }

  closeAll(): void {
    for (const inboxId of [...this.entries.keys()]) this.forget(inboxId);
  }

  private transport(inboxId: string, settings: SmtpSettings, address: string): Transporter<SMTPTransport.SentMessageInfo> {
    const key = JSON.stringify({ ...settings, address });
    const known = this.entries.get(inboxId);
    if (known?.key === key) return known.transport;
    this.forget(inboxId);
    const transport = createTransport({
      pool: true,
      maxConnections: 2,
      host: address,
      servername: settings.host,
      tls: { servername: settings.host },
      port: settings.port,
      secure: settings.tls,
      ...(settings.user && settings.password ? { auth: { user: settings.user, pass: settings.password } } : {}),
      // Inside the inbox's 30 s wait for the reply: a server that does not answer fails the reply, with this reason.
      connectionTimeout: 8_000,
      greetingTimeout: 8_000,
      socketTimeout: 15_000,
    });
    this.entries.set(inboxId, { key, transport });
    return transport;
  }
}
