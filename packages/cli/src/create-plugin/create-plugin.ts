import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { addToConfigs, enabledPlugins, type PluginConfigEntry } from './add-to-configs.js';
import { checkPluginName, CreatePluginError, pluginNamesOf, type PluginNames } from './plugin-names.js';
import { renderTemplates } from './render-template.js';

export interface CreatePluginOptions {
  /** The Lattice checkout's root. */
  root: string;
  name: string | undefined;
  /** Write the API plugin (`api-plugins/<name>`). */
  api: boolean;
  /** Write the UI remote (`ui-plugins/<name>`). */
  ui: boolean;
  /** Make the API plugin an inbox integration (and give the UI the inbox's integration slots). */
  integration: boolean;
}

export interface CreatedPart {
  /** `api-plugins/<name>` or `ui-plugins/<name>`, relative to the root. */
  folder: string;
  packageName: string;
  files: string[];
}

export interface CreatedPlugin {
  names: PluginNames;
  api?: CreatedPart;
  ui?: CreatedPart & { port: number };
  entry: PluginConfigEntry;
  configs: { added: true } | { added: false; why: string };
  /** With --integration: the plugins it needs that configs.json does not enable. */
  missingDependencies: string[];
}

const firstUiPort = 3030;
const platformPorts = new Set([3000, 3200, 3300, 3400]);

/** A dev-server port no UI plugin of the checkout uses yet. */
function freeUiPort(root: string): number {
  const used = new Set(platformPorts);
  const uiPlugins = join(root, 'ui-plugins');
  for (const folder of existsSync(uiPlugins) ? readdirSync(uiPlugins) : []) {
    try {
      const config = JSON.parse(readFileSync(join(uiPlugins, folder, 'ui-plugin.config.json'), 'utf8')) as { port?: unknown };
      if (typeof config.port === 'number') used.add(config.port);
    } catch {
      // Not a UI plugin with a readable config: it holds no port.
    }
  }
  let port = firstUiPort;
  while (used.has(port)) port += 1;
  return port;
}

/** Whether node_modules here or above holds the package, as the platform would find it by name. */
function isInstalled(root: string, packageName: string): boolean {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', packageName))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** Refuses a name some plugin of the checkout already has: a folder, an installed package or a configs.json entry. */
async function refuseTakenName(root: string, configFile: string, options: CreatePluginOptions, name: string): Promise<void> {
  const folders = [...(options.api ? [`api-plugins/${name}`] : []), ...(options.ui ? [`ui-plugins/${name}`] : [])];
  for (const folder of folders) {
    if (existsSync(join(root, folder))) throw new CreatePluginError(`${folder} already exists: create-plugin never overwrites, so nothing was written. Choose another name, or remove the folder first`);
  }
  for (const folder of [`api-plugins/${name}`, `ui-plugins/${name}`]) {
    if (existsSync(join(root, folder))) throw new CreatePluginError(`"${name}" is an existing plugin (${folder}): choose another name`);
  }
  for (const packageName of [`@lattice/plugin-${name}`, `@lattice/ui-plugin-${name}`]) {
    if (isInstalled(root, packageName)) throw new CreatePluginError(`"${name}" is an existing plugin (the package ${packageName} is installed): choose another name`);
  }
  if ((await enabledPlugins(configFile)).includes(name)) throw new CreatePluginError(`"${name}" is an existing plugin (configs.json names it): choose another name`);
}

async function writePart(root: string, folder: string, files: Map<string, string>): Promise<string[]> {
  // Made here, not earlier: another run may have made it meanwhile, and nothing may be overwritten.
  await mkdir(dirname(join(root, folder)), { recursive: true });
  await mkdir(join(root, folder));
  for (const [path, text] of files) {
    await mkdir(dirname(join(root, folder, path)), { recursive: true });
    await writeFile(join(root, folder, path), text, { flag: 'wx' });
  }
  return [...files.keys()].sort();
}

/**
 * `lattice create-plugin`: writes an API plugin (`api-plugins/<name>`) and/or a UI remote (`ui-plugins/<name>`)
 * from packages/cli/templates, and enables the plugin in configs.json. Everything is checked and rendered before
 * the first file is written, so a refusal leaves the checkout as it was.
 */
export async function createPlugin(options: CreatePluginOptions): Promise<CreatedPlugin> {
  if (!options.api && !options.ui) throw new CreatePluginError('--api-only and --ui-only exclude each other: give one of them, or neither for both parts');
  const name = checkPluginName(options.name);
  const configFile = join(options.root, 'configs.json');
  await refuseTakenName(options.root, configFile, options, name);

  const names = pluginNamesOf(name);
  const port = freeUiPort(options.root);
  const substitutions = { NAME: names.name, CAMEL: names.camel, PASCAL: names.pascal, SCOPE: names.scope, TITLE: names.title, PORT: String(port) };
  const apiFiles = options.api ? await renderTemplates(options.integration ? ['api', 'api-integration'] : ['api'], substitutions) : undefined;
  const uiFiles = options.ui ? await renderTemplates(options.integration ? ['ui', 'ui-integration'] : ['ui'], substitutions) : undefined;

  const created: CreatedPlugin = {
    names,
    entry: options.ui ? { name, ui: 'local' } : { name },
    configs: { added: false, why: 'not tried' },
    missingDependencies: [],
  };
  if (apiFiles) {
    const folder = `api-plugins/${name}`;
    created.api = { folder, packageName: `@lattice/plugin-${name}`, files: await writePart(options.root, folder, apiFiles) };
  }
  if (uiFiles) {
    const folder = `ui-plugins/${name}`;
    created.ui = { folder, packageName: `@lattice/ui-plugin-${name}`, port, files: await writePart(options.root, folder, uiFiles) };
  }
  created.configs = await addToConfigs(configFile, created.entry);
  if (options.integration) {
    const enabled = await enabledPlugins(configFile);
    created.missingDependencies = ['inbox', 'contacts'].filter((dependency) => !enabled.includes(dependency));
  }
  return created;
}
