import { startFrontendServer, type FrontendPlugin, type RunningFrontendServer } from '@lattice/ui-shell/server';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import documentsPlugin from '@lattice/plugin-documents';
import type { PluginDefinition } from '@lattice/plugin-sdk';
import { ensureUiBuilt } from './ensure-ui-built.js';
import { startServicesUiStack } from './services-ui-stack.js';

export interface UiStack {
  platform: TestPlatform;
  frontend: RunningFrontendServer;
  /** The first owner the test kit created (it always runs the core plugin). */
  owner: TestPlatform['owner'];
  /** Restarts only the front-end server, as `lattice start` would after a configs.json change. */
  restartFrontend(plugins: FrontendPlugin[]): Promise<RunningFrontendServer>;
  stop(): Promise<void>;
}

/**
 * The platform on the embedded services (core and `apiPlugins`, documents unless told) and the front-end
 * server with the UI `plugins`, all on free ports; with LATTICE_UI_STACK=services, the services topology instead
 * (every role its own process, every API plugin of the topology enabled, the UI of `plugins`).
 */
export async function startUiStack(
  plugins: FrontendPlugin[] = [{ name: 'documents', ui: 'local' }],
  apiPlugins: PluginDefinition[] = [documentsPlugin],
): Promise<UiStack> {
  ensureUiBuilt();
  if (process.env.LATTICE_UI_STACK === 'services') return startServicesUiStack(plugins);
  const platform = await startTestPlatform({ plugins: apiPlugins });
  const start = (list: FrontendPlugin[]) => startFrontendServer({ port: 0, gatewayUrl: platform.gatewayUrl, plugins: list });
  let frontend: RunningFrontendServer;
  try {
    frontend = await start(plugins);
  } catch (error) {
    await platform.stop();
    throw error;
  }
  const stack: UiStack = {
    platform,
    frontend,
    owner: platform.owner,
    restartFrontend: async (list) => {
      await stack.frontend.stop();
      stack.frontend = await start(list);
      return stack.frontend;
    },
    stop: async () => {
      await stack.frontend.stop();
      await platform.stop();
    },
  };
  return stack;
}
