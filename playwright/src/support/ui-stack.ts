import { startFrontendServer, type FrontendPlugin, type RunningFrontendServer } from '@lattice/ui-shell/server';
import { startTestPlatform, type TestPlatform } from '@lattice/plugin-sdk/test-kit';
import documentsPlugin from '@lattice/plugin-documents';
import { ensureUiBuilt } from './ensure-ui-built.js';
import { loadCorePlugin } from './core-plugin.js';

export interface Credentials {
  email: string;
  password: string;
}

const defaultOwner: Credentials = { email: 'owner@example.com', password: 'a long owner password for the browser tests' };

export interface UiStack {
  platform: TestPlatform;
  frontend: RunningFrontendServer;
  /** Whether the core plugin (login) is part of the platform. */
  auth: boolean;
  /** The first owner, created from LATTICE_OWNER_EMAIL / LATTICE_OWNER_PASSWORD. */
  owner: Credentials;
  /** Restarts only the front-end server, as `lattice start` would after a configs.json change. */
  restartFrontend(plugins: FrontendPlugin[]): Promise<RunningFrontendServer>;
  stop(): Promise<void>;
}

/** The platform on the embedded services (documents + core) and the front-end server, all on free ports. */
export async function startUiStack(plugins: FrontendPlugin[] = [{ name: 'documents', ui: 'local' }]): Promise<UiStack> {
  ensureUiBuilt();
  process.env.LATTICE_OWNER_EMAIL ??= defaultOwner.email;
  process.env.LATTICE_OWNER_PASSWORD ??= defaultOwner.password;
  const corePlugin = await loadCorePlugin();
  const platform = await startTestPlatform({ plugins: corePlugin ? [corePlugin, documentsPlugin] : [documentsPlugin] });
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
    auth: corePlugin !== undefined,
    // The test kit creates its own owner per run when it knows about core; otherwise the environment's.
    owner: (platform as Partial<{ owner: Credentials }>).owner ?? { email: process.env.LATTICE_OWNER_EMAIL, password: process.env.LATTICE_OWNER_PASSWORD },
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
