import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { after, describe, it } from 'node:test';
import { createTransport } from 'nodemailer';
import { startSmtpServer, type TestSmtpServer } from '../test-support/start-smtp-server.js';
import { smtpFailureReason } from './smtp-failure-reason.js';

const secret = `SECRET-${randomBytes(3).toString('hex')}`;
const servers: Server[] = [];
let smtp: TestSmtpServer | undefined;
after(async () => {
  for (const server of servers) server.close();
  await smtp?.stop();
});

/** A service on 127.0.0.1 that greets with text of its own and answers every line with `answer`. */
async function fakeService(greeting: string, answer: string): Promise<number> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.write(greeting);
    socket.on('data', () => socket.write(answer));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** What a reply to this server would record as its error. */
async function failureSending(port: number, auth?: { user: string; pass: string }): Promise<string> {
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, greetingTimeout: 5_000, ...(auth ? { auth } : {}) });
  try {
    await transport.sendMail({ from: 'support@lattice.test', to: 'customer@example.com', text: 'hello' });
  } catch (error) {
    return smtpFailureReason(error);
  } finally {
    transport.close();
  }
  throw new Error('the mail was accepted');
}

describe('the reason a reply records when SMTP fails', () => {
  it('never repeats a greeting or an answer before the mail, as another service would give them', async () => {
    const ssh = await fakeService(`SSH-2.0-OpenSSH_9.2 ${secret}\r\n`, 'Protocol mismatch.\r\n');
    const refusingGreeting = await fakeService(`554 ${secret} no service here\r\n`, `554 ${secret}\r\n`);
    const notSmtp = await fakeService(`220 ${secret} FTP server ready\r\n`, `500 ${secret} command not understood\r\n`);
    assert.equal(await failureSending(ssh), 'the server did not greet as an SMTP server');
    assert.equal(await failureSending(refusingGreeting), 'the server did not greet as an SMTP server');
    // nodemailer tries HELO after EHLO is refused.
    assert.equal(await failureSending(notSmtp), 'the server refused HELO');
  });

  it('keeps the answer to the mail itself, and says a login failed in its own words', async () => {
    smtp = await startSmtpServer();
    smtp.refuse('550 Mailbox unavailable');
    assert.match(await failureSending(smtp.port, { user: smtp.user, pass: smtp.password }), /550.*Mailbox unavailable/);
    smtp.refuse(null);
    assert.equal(await failureSending(smtp.port, { user: smtp.user, pass: 'wrong' }), 'Authentication failed (wrong user or password)');
  });

  it('names a network failure by its code', async () => {
    assert.match(await failureSending(1), /ECONNREFUSED/);
  });
});
