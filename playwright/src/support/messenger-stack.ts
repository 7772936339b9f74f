import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import contactsPlugin from '@lattice/plugin-contacts';
import inboxPlugin from '@lattice/plugin-inbox';
import messengerPlugin from '@lattice/plugin-messenger';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { startFrontendServer, type RunningFrontendServer } from '@lattice/ui-shell/server';
import { startWidgetsService, type RunningWidgetsService } from '@lattice/widgets';
import { PubSub } from 'graphql-subscriptions';
import { launchChromium } from './chromium.js';
import { ensureUiBuilt } from './ensure-ui-built.js';
import type { UiStack } from './ui-stack.js';

export interface MessengerStack {
  stack: Pick<UiStack, 'platform' | 'frontend' | 'owner'>;
  widgets: RunningWidgetsService;
  browser: Browser;
  /** A customer's site on an origin of its own (localhost, where the rest is 127.0.0.1) embedding the snippet. */
  site: { url: string; embed(integrationId: string): void };
}

/**
 * contacts, inbox and messenger with the inbox and messenger UIs, a widgets service beside them on the same broker
 * and pub/sub (as `npm start` runs it), a site of its own that embeds the messenger, and chromium.
 */
export function useMessengerStack(): MessengerStack {
  const fixture = {} as MessengerStack;
  let platform: TestPlatform | undefined;
  let frontend: RunningFrontendServer | undefined;
  let siteServer: Server | undefined;
  before(async () => {
    ensureUiBuilt();
    const pubsub = new PubSub();
    platform = await startTestPlatform({ plugins: [contactsPlugin, inboxPlugin, messengerPlugin], pubsub });
    frontend = await startFrontendServer({
      port: 0,
      gatewayUrl: platform.gatewayUrl,
      plugins: [
        { name: 'inbox', ui: 'local' },
        { name: 'messenger', ui: 'local' },
      ],
    });
    fixture.widgets = await startWidgetsService({ port: 0, broker: platform.broker, pubsub });
    fixture.stack = { platform, frontend, owner: platform.owner };
    let snippet = '';
    siteServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><head><title>Lamp shop</title><style>button, iframe { display: none !important; }</style></head><body><h1>Lamp shop</h1>${snippet}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => siteServer!.listen(0, '127.0.0.1', resolve));
    const url = `http://localhost:${(siteServer.address() as AddressInfo).port}`;
    fixture.site = {
      url,
      embed: (integrationId) => {
        snippet = `<script src="${fixture.widgets.url}/messenger.js" data-integration-id="${integrationId}" async></script>`;
      },
    };
    fixture.browser = await launchChromium();
  });
  after(async () => {
    await fixture.browser?.close();
    await new Promise<void>((resolve) => (siteServer ? siteServer.close(() => resolve()) : resolve()));
    await fixture.widgets?.stop();
    await frontend?.stop();
    await platform?.stop();
  });
  return fixture;
}

export async function createMessenger(stack: MessengerStack['stack'], name: string, data: Record<string, unknown>): Promise<string> {
  const created = await stack.platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } | null }>(
    'mutation ($name: String!, $data: JSON) { integrationsCreateExternalIntegration(kind: "messenger", name: $name, data: $data) { _id } }',
    { name, data },
  );
  const integration = created.data?.integrationsCreateExternalIntegration;
  assert.ok(integration, `created the messenger: ${JSON.stringify(created.errors)}`);
  return integration._id;
}
