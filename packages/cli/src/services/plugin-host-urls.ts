/** A plugin and the base URLs of its hosts, as the gateway takes them. */
export interface PluginHostUrls {
  name: string;
  urls: string[];
}

const listVariable = 'LATTICE_PLUGIN_URLS';
const templateVariable = 'LATTICE_PLUGIN_URL_TEMPLATE';

function checkedUrl(name: string, url: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${source}: plugin "${name}" has "${url}", which is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${source}: plugin "${name}" has "${url}": a plugin host URL must be http:// or https://`);
  }
  return url.replace(/\/+$/, '');
}

function parseList(text: string, enabled: ReadonlySet<string>): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const entry of text.split(';').map((part) => part.trim()).filter(Boolean)) {
    const separator = entry.indexOf('=');
    const name = entry.slice(0, separator).trim();
    if (separator <= 0) throw new Error(`${listVariable}: "${entry}" must be <plugin>=<url>[,<url>…]`);
    if (!enabled.has(name)) throw new Error(`${listVariable}: "${name}" is not an enabled plugin (enabled: ${[...enabled].join(', ')})`);
    const urls = entry.slice(separator + 1).split(',').map((url) => url.trim()).filter(Boolean);
    if (urls.length === 0) throw new Error(`${listVariable}: plugin "${name}" has no URL`);
    byName.set(name, urls.map((url) => checkedUrl(name, url, listVariable)));
  }
  return byName;
}

/**
 * Where the gateway finds each plugin's hosts. Plain machines list them, several per plugin for replicas:
 * `LATTICE_PLUGIN_URLS="core=http://10.0.0.5:4000;documents=http://10.0.0.6:4001,http://10.0.0.7:4001"`.
 * Kubernetes gives each plugin a Service, so one template serves every plugin not listed:
 * `LATTICE_PLUGIN_URL_TEMPLATE="http://plugin-{name}-api:4000"`.
 */
export function pluginHostUrls(names: readonly string[], env: NodeJS.ProcessEnv = process.env): PluginHostUrls[] {
  const listed = parseList(env[listVariable] ?? '', new Set(names));
  const template = env[templateVariable];
  return names.map((name) => {
    const urls = listed.get(name) ?? (template ? [checkedUrl(name, template.replaceAll('{name}', name), templateVariable)] : undefined);
    if (!urls) throw new Error(`the gateway has no URL for plugin "${name}": list it in ${listVariable} or set ${templateVariable}`);
    return { name, urls };
  });
}
