import assert from 'node:assert/strict';
import { createHash, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { nginxInstalled, startTestProxy, testDomain, type TestProxy } from '@lattice/cli/test-kit';
import contactsPlugin from '@lattice/plugin-contacts';
import inboxPlugin from '@lattice/plugin-inbox';
import messengerPlugin from '@lattice/plugin-messenger';
import { startTestPlatform } from '@lattice/platform/test-kit';
import { startFrontendServer, type FrontendPlugin } from '@lattice/ui-shell/server';
import { startWidgetsService } from '@lattice/widgets';
import { PubSub } from 'graphql-subscriptions';
import { launchChromium } from './chromium.js';
import { ensureUiBuilt } from './ensure-ui-built.js';
import { startServicesUiStack } from './services-ui-stack.js';
import type { UiStack } from './ui-stack.js';

export interface MessengerStack {
  stack: Pick<UiStack, 'platform' | 'frontend' | 'owner'>;
  /** Where the site loads messenger.js from: the widgets service, or, on the services stack, nginx's `/widgets/`. */
  widgetsUrl: string;
  browser: Browser;
  /** A customer's site on an origin of its own (localhost, where the rest is 127.0.0.1) embedding the snippet. */
  site: { url: string; embed(integrationId: string): void };
}

const uiPlugins: FrontendPlugin[] = [
  { name: 'inbox', ui: 'local' },
  { name: 'messenger', ui: 'local' },
];

interface RunningStack {
  stack: MessengerStack['stack'];
  widgetsUrl: string;
  /** Chromium's extra arguments to reach `widgetsUrl`. */
  browserArgs: string[];
  stop(): Promise<void>;
}

/** npm start's arrangement: one process, its in-memory pub/sub shared by the platform and the widgets service. */
async function startNpmStartStack(): Promise<RunningStack> {
  const pubsub = new PubSub();
  const platform = await startTestPlatform({ plugins: [contactsPlugin, inboxPlugin, messengerPlugin], pubsub });
  const frontend = await startFrontendServer({ port: 0, gatewayUrl: platform.gatewayUrl, plugins: uiPlugins });
  const widgets = await startWidgetsService({ port: 0, broker: platform.broker, pubsub });
  return {
    stack: { platform, frontend, owner: platform.owner },
    widgetsUrl: widgets.url,
    browserArgs: [],
    stop: async () => {
      await widgets.stop();
      await frontend.stop();
      await platform.stop();
    },
  };
}

/** Chromium trusts the test certificate alone (by its public key) and finds nginx's name on loopback. */
function proxyBrowserArgs(proxy: TestProxy): string[] {
  const spki = new X509Certificate(proxy.pem).publicKey.export({ type: 'spki', format: 'der' });
  return [`--host-resolver-rules=MAP ${testDomain} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`];
}

/**
 * The services topology with the messenger host and `lattice widgets` (RabbitMQ and Redis between them), and the
 * site `lattice generate nginx` writes in front of the widgets service: the visitor reaches it only through
 * `https://lattice.test:<port>/widgets/`, its websocket upgraded there.
 */
async function startServicesStack(): Promise<RunningStack> {
  if (!nginxInstalled()) throw new Error('the services run of the messenger test goes through nginx: apt-get install nginx');
  const stack = await startServicesUiStack(uiPlugins, { messenger: true, documentsHosts: 1 });
  let proxy: TestProxy;
  try {
    proxy = await startTestProxy({ widgets: new URL(stack.widgetsUrl!).host });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return {
    stack,
    widgetsUrl: `${proxy.origin}/widgets`,
    browserArgs: proxyBrowserArgs(proxy),
    stop: async () => {
      await proxy.stop();
      await stack.stop();
    },
  };
}

/**
 * contacts, inbox and messenger with the inbox and messenger UIs, a widgets service beside them (as `npm start`
 * runs it; with LATTICE_UI_STACK=services each its own process, the widgets behind the generated nginx), a site of
 * its own that embeds the messenger, and chromium.
 */
export function useMessengerStack(): MessengerStack {
  const fixture = {} as MessengerStack;
  let running: RunningStack | undefined;
  let siteServer: Server | undefined;
  before(async () => {
    ensureUiBuilt();
    running = process.env.LATTICE_UI_STACK === 'services' ? await startServicesStack() : await startNpmStartStack();
    fixture.stack = running.stack;
    fixture.widgetsUrl = running.widgetsUrl;
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
        snippet = `<script src="${fixture.widgetsUrl}/messenger.js" data-integration-id="${integrationId}" async></script>`;
      },
    };
    fixture.browser = await launchChromium(running.browserArgs);
  });
  after(async () => {
    await fixture.browser?.close();
    await new Promise<void>((resolve) => (siteServer ? siteServer.close(() => resolve()) : resolve()));
    await running?.stop();
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
