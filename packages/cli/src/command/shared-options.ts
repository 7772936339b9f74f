import type { CommandOption } from './command.js';

// The options several commands take, spelled once so they read the same in every command's usage.

export const configOption = {
  type: 'string',
  default: 'configs.json',
  valueName: 'file',
  description: 'the deployment file',
} as const satisfies CommandOption;

export const dataDirOption = {
  type: 'string',
  default: '.data',
  valueName: 'dir',
  description: 'where the embedded database and the development secret are kept',
} as const satisfies CommandOption;

export const hostOption = {
  type: 'string',
  valueName: 'address',
  description: 'the interface to listen on (default: LATTICE_LISTEN_HOST or 127.0.0.1)',
} as const satisfies CommandOption;

export const devOption = {
  type: 'boolean',
  default: false,
  description: 'dev mode: introspection on, GraphiQL in a browser at /graphql, error details reach the client',
} as const satisfies CommandOption;

export function portOption(description: string) {
  return { type: 'string', valueName: 'n', description } as const satisfies CommandOption;
}

/** The interface from --host, else LATTICE_LISTEN_HOST; undefined leaves each role its default (127.0.0.1). */
export function listenHost(given: string | undefined): string | undefined {
  return given ?? process.env.LATTICE_LISTEN_HOST;
}

export function parsePort(text: string, option = '--port'): number {
  const port = Number(text);
  if (text.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${option} must be a port number, got "${text}"`);
  return port;
}

/** The gateway's port of `start`, `dev` and `gateway`: --port, else LATTICE_GATEWAY_PORT, else 3300. */
export function gatewayPort(given: string | undefined): number {
  return parsePort(given ?? process.env.LATTICE_GATEWAY_PORT ?? '3300');
}

/** A port from its option, else its environment variable; undefined leaves the role's default. */
export function optionalPort(given: string | undefined, variable: string, option: string): number | undefined {
  const text = given ?? process.env[variable];
  return text === undefined || text === '' ? undefined : parsePort(text, option);
}

/** The phone app's own port (`/mobile-app/`, where the reverse proxy sends it), of `start` and `frontend`. */
export const mobilePortOption = {
  type: 'string',
  valueName: 'n',
  description: "the phone app's port, /mobile-app/ (default: LATTICE_MOBILE_PORT or 4100)",
} as const satisfies CommandOption;

/** --mobile-port, else LATTICE_MOBILE_PORT, else 4100. */
export function mobilePort(given: string | undefined): number {
  return parsePort(given ?? process.env.LATTICE_MOBILE_PORT ?? '4100', '--mobile-port');
}
