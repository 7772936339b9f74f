import assert from 'node:assert/strict';
import type { TestPlatform } from '@lattice/platform/test-kit';

export interface TestIntegration {
  integrationId: string;
  token: string;
}

export async function createImapIntegration(platform: TestPlatform, name: string, data?: Record<string, unknown>): Promise<TestIntegration> {
  const response = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } }>(
    `mutation ($name: String!, $data: JSON) {
      integrationsCreateExternalIntegration(kind: "imap", name: $name, data: $data) { _id webhookToken }
    }`,
    { name, data },
  );
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  const created = response.data!.integrationsCreateExternalIntegration;
  return { integrationId: created._id, token: created.webhookToken };
}

export interface ReceiveResponse {
  status: number;
  text: string;
}

/** POST /pl:imap/receive through the gateway, JSON form. */
export async function postJson(platform: TestPlatform, integration: TestIntegration, message: Record<string, unknown>, token = integration.token) {
  const response = await fetch(`${platform.gatewayUrl}/pl:imap/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-integration-token': token },
    body: JSON.stringify({ integrationId: integration.integrationId, ...message }),
  });
  return { status: response.status, text: await response.text() };
}

/** POST /pl:imap/receive through the gateway, raw RFC 822 form. */
export async function postRfc822(platform: TestPlatform, integration: TestIntegration, source: string, token = integration.token) {
  const response = await fetch(`${platform.gatewayUrl}/pl:imap/receive?integrationId=${integration.integrationId}`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', 'x-integration-token': token },
    body: source,
  });
  return { status: response.status, text: await response.text() };
}

export interface MailEntry {
  _id: string;
  title: string | null;
  mailData: {
    messageId: string;
    from: Array<{ name: string; email: string }>;
    to: Array<{ name: string; email: string }>;
    cc: Array<{ name: string; email: string }>;
    bcc: Array<{ name: string; email: string }>;
    subject: string;
    body: string;
    direction: 'incoming' | 'outgoing';
    createdAt: string;
    state?: 'sending' | 'sent' | 'failed';
    error?: string | null;
  };
}

export async function conversationDetail(platform: TestPlatform, conversationId: string): Promise<MailEntry[]> {
  const response = await platform.graphql<{ imapConversationDetail: MailEntry[] }>(
    'query ($id: String!) { imapConversationDetail(conversationId: $id) { _id title mailData } }',
    { id: conversationId },
  );
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.imapConversationDetail;
}

export interface ConversationEntry {
  _id: string;
  customerId: string;
  content: string;
}

export async function conversations(platform: TestPlatform, integrationId: string): Promise<ConversationEntry[]> {
  const response = await platform.graphql<{ conversations: ConversationEntry[] }>(
    'query ($id: String) { conversations(integrationId: $id, perPage: 200) { _id customerId content } }',
    { id: integrationId },
  );
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.conversations;
}

export async function contactsCount(platform: TestPlatform, email: string): Promise<number> {
  const response = await platform.graphql<{ customersTotalCount: number }>('query ($s: String) { customersTotalCount(searchValue: $s) }', {
    s: email,
  });
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.customersTotalCount;
}

/** A plain RFC 822 message, dated 1 January 2030 unless `date` says otherwise. */
export function rfc822(fields: {
  messageId: string;
  from: string;
  to?: string;
  subject?: string;
  inReplyTo?: string;
  references?: string;
  body?: string;
  date?: Date;
}): string {
  const lines = [
    `From: ${fields.from}`,
    `To: ${fields.to ?? 'support@lattice.test'}`,
    `Subject: ${fields.subject ?? 'Hello'}`,
    `Message-ID: ${fields.messageId}`,
    `Date: ${fields.date?.toUTCString() ?? 'Tue, 01 Jan 2030 10:00:00 +0000'}`,
    ...(fields.inReplyTo ? [`In-Reply-To: ${fields.inReplyTo}`] : []),
    ...(fields.references ? [`References: ${fields.references}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    fields.body ?? 'Body text',
    '',
  ];
  return lines.join('\r\n');
}
