import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  /** The raw headers' `In-Reply-To` and `References`, as the wire carried them. */
  header(name: string): string | undefined;
}

export interface TestSmtpServer {
  host: string;
  port: number;
  user: string;
  password: string;
  received: ReceivedMail[];
  /** From now on, refuses every recipient with this reply (say `550 Mailbox unavailable`); null accepts again. */
  refuse(reason: string | null): void;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, with a login, no TLS, that keeps
 * every mail it accepts, parsed. `refuse` makes it answer as a server refusing the recipient does.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const user = 'smtp-test';
  const password = 'smtp-test-secret';
  const received: ReceivedMail[] = [];
  let refusal: string | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      const [, code = '550', text = refusal] = /^(\d{3})\s+(.*)$/.exec(refusal) ?? [];
      callback(Object.assign(new Error(text), { responseCode: Number(code) }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((entry) => entry.address),
            },
            parsed,
            header: (name) => {
              const value = parsed.headers.get(name.toLowerCase());
              if (value === undefined) return undefined;
              return Array.isArray(value) ? value.join(' ') : String(value);
            },
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    received,
    refuse: (reason) => {
      refusal = reason;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
