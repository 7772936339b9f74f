/** Refused by create-plugin: the name is taken by the platform or the shell, or it is not usable everywhere it goes. */
export class CreatePluginError extends Error {
  override readonly name = 'CreatePluginError';
}

// npm package names, configs.json, MongoDB database names and URL paths all take these; the dashes become
// camelCase in GraphQL field names and the federation scope, so no dash may lead, trail or repeat.
const namePattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const maxNameLength = 40;

/** Names whose URL path (or plugin) the platform already owns. */
const reservedNames: Readonly<Record<string, string>> = {
  core: 'the core plugin, which is always enabled',
  login: "the shell's login page (/login)",
  settings: "the shell's settings pages (/settings)",
  home: "the shell's home page (/home)",
  gateway: "the front-end's GraphQL proxy (/gateway)",
  plugins: "the front-end's UI plugin files (/plugins)",
  health: "the front-end's health checks (/health)",
  integrations: 'the public integrations ingress (/integrations)',
};

export interface PluginNames {
  /** The plugin's name as configs.json, the packages and the URLs say it: `time-sheets`. */
  name: string;
  /** GraphQL fields and code: `timeSheets` (`timeSheetsItems`, `timeSheetsPlugin`). */
  camel: string;
  /** GraphQL types and components: `TimeSheets` (`TimeSheetsItem`). */
  pascal: string;
  /** The Module Federation container's name, a JavaScript identifier. */
  scope: string;
  /** The menu entry and the page title: `Time sheets`. */
  title: string;
}

/** Checks the name alone (not yet whether the checkout has a plugin of that name). */
export function checkPluginName(name: string | undefined): string {
  if (!name) throw new CreatePluginError('create-plugin needs a name: lattice create-plugin <name> [--integration] [--api-only | --ui-only]');
  if (!namePattern.test(name)) {
    throw new CreatePluginError(
      `"${name}" is not a usable plugin name: use lower-case letters and digits, starting with a letter, words joined by single dashes (e.g. "time-sheets")`,
    );
  }
  if (name.length > maxNameLength) throw new CreatePluginError(`"${name}" is too long for a plugin name: at most ${maxNameLength} characters`);
  const reserved = reservedNames[name];
  if (reserved) throw new CreatePluginError(`"${name}" cannot be a plugin name: it is ${reserved}`);
  return name;
}

export function pluginNamesOf(name: string): PluginNames {
  const words = name.split('-');
  const capitalized = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const camel = [words[0] ?? '', ...capitalized.slice(1)].join('');
  return {
    name,
    camel,
    pascal: capitalized.join(''),
    scope: camel,
    title: [capitalized[0] ?? '', ...words.slice(1)].join(' '),
  };
}
