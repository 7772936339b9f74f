import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption, gatewayPort, portOption } from '../command/shared-options.js';

export interface DevArguments {
  config: string;
  dataDir: string;
  port: number;
}

export const summary = 'the API plus webpack dev servers with hot reload for the shell and every ui: local plugin';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  port: portOption("the gateway's port (default: LATTICE_GATEWAY_PORT or 3300)"),
};

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await dev({ config: values.config, dataDir: values['data-dir'], port: gatewayPort(values.port) });
}

function startDevServer(workspace: string, cwd: string, env: Record<string, string>): ChildProcess {
  const child = spawn('npm', ['run', 'dev', '-w', workspace], { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  child.once('exit', (code, signal) => {
    if (signal === null && code !== 0) console.error(`lattice: the dev server of ${workspace} exited with ${code}`);
  });
  return child;
}

/**
 * `lattice dev`: the API as `lattice start` runs it, plus webpack dev servers with hot reload for the
 * shell (port 3000, proxying /gateway/ to the gateway) and for every `ui: local` plugin (its own port).
 */
export async function dev(args: DevArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ loadConfigs }, { runPlatform }] = await Promise.all([import('../config/load-configs.js'), import('../platform/run-platform.js')]);
  const configFile = resolve(args.config);
  const root = dirname(configFile);
  const configs = await loadConfigs(configFile);
  const lattice = await runPlatform({ configFile, dataDir: args.dataDir, gatewayPort: args.port, frontendPort: 0, dev: true });
  const env = { LATTICE_GATEWAY_URL: lattice.gatewayUrl, LATTICE_CONFIGS: configFile };
  const children = [startDevServer('@lattice/ui-shell', root, env)];
  for (const plugin of configs.plugins) {
    if (plugin.ui !== 'local') continue;
    if (!existsSync(join(root, 'ui-plugins', plugin.name, 'package.json'))) continue;
    children.push(startDevServer(`@lattice/ui-plugin-${plugin.name}`, root, env));
  }
  console.log(`Lattice dev: the UI with hot reload at http://localhost:3000/, GraphQL at ${lattice.gatewayUrl}/graphql (introspection on, GraphiQL in a browser). Ctrl-C stops everything.`);

  const shutdown = () => {
    for (const child of children) child.kill('SIGTERM');
    lattice.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
