import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FrontendPlugin } from '@lattice/ui-shell/server';
import type { PluginDefinition } from '@lattice/plugin-sdk';
import { launchChromium } from './chromium.js';
import { startUiStack, type UiStack } from './ui-stack.js';

export interface BrowserAndStack {
  stack: UiStack;
  browser: Browser;
}

/** Starts the platform and front-end, and Debian chromium, before the file's tests; stops both after them. */
export function useBrowserAndStack(plugins?: FrontendPlugin[], apiPlugins?: PluginDefinition[]): BrowserAndStack {
  const fixture = {} as BrowserAndStack;
  before(async () => {
    fixture.stack = await startUiStack(plugins, apiPlugins);
    fixture.browser = await launchChromium();
  });
  after(async () => {
    await fixture.browser?.close();
    await fixture.stack?.stop();
  });
  return fixture;
}
