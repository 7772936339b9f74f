import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The mail as the wire carried it, headers and body. */
  raw: string;
}

export interface TestSmtpServer {
  host: string;
  port: number;
  received: ReceivedMail[];
  /** From now on refuses every recipient with this reply (`550 Mailbox unavailable`); null accepts again. */
  refuse(reason: string | null): void;
  stop(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on a free loopback port, no login, no TLS, keeping every mail. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: string | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      const [, code = '550', text = refusal] = /^(\d{3})\s+(.*)$/.exec(refusal) ?? [];
      callback(Object.assign(new Error(text), { responseCode: Number(code) }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((entry) => entry.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    host: '127.0.0.1',
    port: (server.server.address() as AddressInfo).port,
    received,
    refuse: (reason) => (refusal = reason),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
