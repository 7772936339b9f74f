import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { dovecotUnavailableReason, startDovecot, startSmtpServer, type TestDovecot, type TestSmtpServer } from '@lattice/plugin-imap/test-kit';
import type { TestIntegration } from './inbox-fixtures.js';
import type { UiStack } from './ui-stack.js';

export const supportAddress = 'support@lattice.test';

export interface MailServers {
  dovecot: TestDovecot;
  smtp: TestSmtpServer;
}

/** Why the reply tests cannot run here (no Dovecot), or undefined. */
export const mailServersUnavailable = dovecotUnavailableReason();

/** Dovecot (the customer's mail arrives there) and an SMTP server (replies leave there), for one test file. */
export function useMailServers(): MailServers {
  const servers = {} as MailServers;
  before(async () => {
    if (mailServersUnavailable) return;
    [servers.dovecot, servers.smtp] = await Promise.all([startDovecot(), startSmtpServer()]);
  });
  after(async () => {
    await Promise.all([servers.dovecot?.stop(), servers.smtp?.stop()]);
  });
  return servers;
}

/** An imap integration that syncs the Dovecot mailbox and replies through the SMTP server. */
export async function createMailIntegration(stack: UiStack, { dovecot, smtp }: MailServers, name: string): Promise<TestIntegration> {
  const created = await stack.platform.graphql<{ integrationsCreateExternalIntegration: TestIntegration | null }>(
    'mutation ($name: String!, $data: JSON) { integrationsCreateExternalIntegration(kind: "imap", name: $name, data: $data) { _id webhookToken } }',
    {
      name,
      data: {
        host: dovecot.host,
        port: dovecot.port,
        tls: false,
        user: dovecot.user,
        password: dovecot.password,
        email: supportAddress,
        smtpHost: smtp.host,
        smtpPort: smtp.port,
        smtpTls: false,
        smtpUser: smtp.user,
        smtpPassword: smtp.password,
      },
    },
  );
  const integration = created.data?.integrationsCreateExternalIntegration;
  assert.ok(integration, `created the integration: ${JSON.stringify(created.errors)}`);
  return integration;
}

/** A customer's mail, as their mail client would put it in the support mailbox. */
export function customerMail(fields: { messageId: string; from: string; subject: string; body: string; inReplyTo?: string }): string {
  return [
    `From: ${fields.from}`,
    `To: ${supportAddress}`,
    `Subject: ${fields.subject}`,
    `Message-ID: ${fields.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    ...(fields.inReplyTo ? [`In-Reply-To: ${fields.inReplyTo}`, `References: ${fields.inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    fields.body,
    '',
  ].join('\r\n');
}
