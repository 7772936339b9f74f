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
  logout: "the shell's logout (/logout)",
  settings: "the shell's settings pages (/settings)",
  home: "the shell's home page (/home)",
  gateway: "the front-end's GraphQL proxy (/gateway)",
  graphql: "the gateway's GraphQL endpoint (/graphql)",
  api: 'a platform path (/api)',
  plugins: "the front-end's UI plugin files (/plugins, /plugins.json)",
  health: "the front-end's health checks (/health)",
  metrics: "the platform's metrics (/metrics)",
  pl: "the gateway's plugin HTTP prefix (/pl:<name>/)",
  integrations: 'the public integrations ingress (/integrations)',
  widgets: 'the widgets service (/widgets/)',
  'mobile-app': 'the mobile app (/mobile-app/)',
  dashboard: 'the dashboard (/dashboard/front, /dashboard/api/), which configs.json\'s "dashboard" key enables',
  search: "the platform's search plugin",
  static: "the front-end's static files (/static)",
  assets: "the front-end's assets (/assets)",
};

/**
 * A UI remote's federation scope becomes a global of the page (`window[scope]`): a scope that is already one
 * (`window.document`, `window.name`...) cannot be registered, or replaces what the page needs. Lower-case names
 * of the window's own properties and of JavaScript's globals.
 */
const browserGlobals = new Set([
  'document', 'window', 'self', 'location', 'top', 'parent', 'name', 'history', 'navigator', 'frames', 'opener',
  'origin', 'status', 'screen', 'performance', 'crypto', 'console', 'fetch', 'alert', 'confirm', 'prompt', 'close',
  'closed', 'open', 'print', 'stop', 'focus', 'blur', 'event', 'external', 'length', 'menubar', 'toolbar',
  'scrollbars', 'statusbar', 'personalbar', 'locationbar', 'chrome', 'caches', 'scheduler', 'trustedTypes',
  'localStorage', 'sessionStorage', 'indexedDB', 'customElements', 'visualViewport', 'frameElement', 'devicePixelRatio',
  'innerWidth', 'innerHeight', 'outerWidth', 'outerHeight', 'scrollX', 'scrollY', 'screenX', 'screenY', 'screenLeft',
  'screenTop', 'postMessage', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask',
  'structuredClone', 'atob', 'btoa', 'find', 'globalThis', 'undefined', 'eval', 'isNaN', 'isFinite', 'escape',
  'unescape', 'parseInt', 'parseFloat', 'speechSynthesis', 'clientInformation', 'styleMedia', 'matchMedia',
  'getComputedStyle', 'getSelection', 'requestAnimationFrame', 'cancelAnimationFrame', 'webkitURL', 'credentialless',
  'navigation', 'cookieStore', 'documentPictureInPicture', 'launchQueue', 'sharedStorage', 'fence', 'onload',
  'onerror', 'onmessage', 'onresize', 'onscroll', 'onfocus', 'onblur', 'onclick', 'oninput', 'onchange', 'onsubmit',
]);

/**
 * Why a name that passes the pattern still cannot be a plugin's: the platform or the shell owns its path, or its
 * federation scope is a browser global. Undefined when it is free. `lattice create-plugin` and `lattice validate`
 * both ask this.
 */
export function reservedNameReason(name: string): string | undefined {
  const reserved = reservedNames[name];
  if (reserved) return `it is ${reserved}`;
  const scope = pluginNamesOf(name).scope;
  if (browserGlobals.has(scope)) {
    return `its UI's federation scope "${scope}" would be a window global the browser already has (window.${scope}), so the remote could not load`;
  }
  return undefined;
}

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
  const reserved = reservedNameReason(name);
  if (reserved) throw new CreatePluginError(`"${name}" cannot be a plugin name: ${reserved}`);
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
