import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import type { Page } from 'playwright-core';
import contactsPlugin from '@lattice/plugin-contacts';
import inboxPlugin from '@lattice/plugin-inbox';
import imapPlugin from '@lattice/plugin-imap';
import { useBrowserAndStack, type BrowserAndStack } from './use-browser-and-stack.js';
import type { UiStack } from './ui-stack.js';

/** The inbox and imap UIs on contacts, inbox and imap, for one test file. */
export function useInboxStack(): BrowserAndStack {
  return useBrowserAndStack(
    [
      { name: 'inbox', ui: 'local' },
      { name: 'imap', ui: 'local' },
    ],
    [contactsPlugin, inboxPlugin, imapPlugin],
  );
}

export interface TestIntegration {
  _id: string;
  webhookToken: string;
}

export interface Mail {
  messageId: string;
  subject: string;
  from: { name: string; address: string };
  body?: string;
  /** An HTML part besides the text. */
  html?: string;
  inReplyTo?: string;
}

/** An imap integration created through the inbox, as the owner (no IMAP account: webhook deliveries only). */
export async function createIntegration(stack: UiStack, name: string): Promise<TestIntegration> {
  const created = await stack.platform.graphql<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } | null }>(
    'mutation ($name: String!) { integrationsCreateExternalIntegration(kind: "imap", name: $name) { _id webhookToken } }',
    { name },
  );
  const integration = created.data?.integrationsCreateExternalIntegration;
  assert.ok(integration, `created the integration: ${JSON.stringify(created.errors)}`);
  return integration;
}

/** Delivers a mail as a channel would: POST /pl:imap/receive on the gateway with the webhook token. */
export async function deliver(stack: UiStack, integration: TestIntegration, mail: Mail): Promise<void> {
  const response = await fetch(`${stack.platform.gatewayUrl}/pl:imap/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-integration-token': integration.webhookToken },
    body: JSON.stringify({
      integrationId: integration._id,
      messageId: mail.messageId,
      subject: mail.subject,
      body: mail.body ?? `About: ${mail.subject}`,
      ...(mail.html ? { html: mail.html } : {}),
      from: [mail.from],
      to: [{ name: 'Support', address: 'support@lattice.test' }],
      ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] } : {}),
    }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** The inbox list's rows and its count badge. */
export const rows = (page: Page) => page.getByTestId('conversation-row');
export const totalCount = (page: Page) => page.getByTestId('conversations-total-count');

/** Resolves once the page has sent a subscription over the gateway's websocket (the inbox's live updates). */
export function subscribedOnce(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes('"type":"subscribe"') && resolve())),
  );
}

/** A local port with nothing listening: an IMAP server that refuses the connection. */
export async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
