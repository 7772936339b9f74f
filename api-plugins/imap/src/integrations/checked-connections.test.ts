import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { SmtpTransports } from '../outgoing/smtp-transports.js';
import { MailboxListener } from '../sync/mailbox-listener.js';

/**
 * The host is checked again at every connection, not only when the integration was created: a stored host
 * whose name now resolves to loopback (DNS changed) is refused before anything connects.
 */
describe('each IMAP and SMTP connection resolves and checks its host first', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  before(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  after(() => {
    server.close();
  });

  it('refuses a stored host that now resolves to loopback, for IMAP sync and for SMTP replies, and connects to nothing', async () => {
    const listener = new MailboxListener({ host: 'localhost', port, tls: false, user: 'u', password: 'p', mailbox: 'INBOX' }, async () => {}, pino({ level: 'silent' }));
    await assert.rejects(listener.start(), /The IMAP host localhost is a loopback, private, link-local or other special-purpose address/);
    const transports = new SmtpTransports();
    await assert.rejects(
      transports.send('inbox-1', { host: 'localhost', port, tls: false, from: 'a@example.com' }, { to: 'b@example.com', text: 'x' }),
      /The SMTP host localhost is a loopback/,
    );
    transports.closeAll();
    assert.equal(connections, 0);
  });
});
