import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Response } from 'express';
import { buildPluginsManifest } from './build-plugins-manifest.js';
import { cacheControlFor } from './cache-control.js';
import { compressedFiles } from './compressed-files.js';
import { addHealthRoutes } from './health-routes.js';
import type { FrontendPlugin } from './frontend-plugin.js';
import { addDashboardRoutes, type DashboardRoutes } from './dashboard-routes.js';
import { createGatewayProxy } from './gateway-proxy.js';
import { indexHtmlFor } from './index-html.js';
import { mobileAppServer } from './mobile-app/mobile-app-port.js';
import { mobileAppRoutes, type ShellPageSender } from './mobile-app/mobile-app-routes.js';
import { mobileAppBase } from './mobile-app/web-app-manifest.js';
import { pluginBuildDir } from './plugin-build-dir.js';
import { watchRemoteDescriptors } from './remote-descriptors.js';
import { gatewaySessionCheck, type SessionCheck } from './session-check.js';
import { manifestForSession } from './manifest-for-session.js';
import { contentSecurityPolicy, inlineScriptHashes, remoteOrigins, securityHeaders } from './security-headers.js';
import { capConnectionsPerAddress, limitedServerOptions } from '@lattice/contracts';
import { observeRequests, type AccessLogger } from '@lattice/contracts/http-observability';

export interface FrontendServerOptions {
  /** 3000 in production; 0 picks a free port. */
  port?: number;
  host?: string;
  /** The gateway's origin, e.g. http://127.0.0.1:3300; `/gateway/*` is proxied to it. */
  gatewayUrl: string;
  /** When configs.json has `dashboard`: `/dashboard/api/` goes to the API, `/dashboard/front/` serves the front-end's build. */
  dashboard?: DashboardRoutes;
  /** configs.json `plugins`, in order. */
  plugins: FrontendPlugin[];
  /** The shell's webpack output; defaults to this package's `dist/public`. */
  shellDir?: string;
  /** Look for UI builds in `<pluginsRoot>/<name>/dist` instead of the `@lattice/ui-plugin-<name>` packages. */
  pluginsRoot?: string;
  /** Told about each plugin left out of /plugins.json, and why. */
  onPluginSkipped?: (name: string, reason: string) => void;
  /** Told once each time a `ui: remote` plugin is refused, naming the field at fault (default: onPluginSkipped). */
  onRemoteRefused?: (name: string, reason: string) => void;
  /**
   * How often the `ui: remote` descriptors are fetched again (default: LATTICE_UI_REMOTE_REFRESH_MS, else
   * 30 s): a remote's new menus show on the next page load after that, with no restart.
   */
  remoteRefreshMs?: number;
  /** How long the shell waits for a remote's code before showing its panel (default 8 s). */
  remoteLoadTimeoutMs?: number;
  /**
   * How often an open tab asks for /plugins.json again, and offers a reload when a plugin whose code it
   * runs was redeployed (default: LATTICE_UI_UPDATE_CHECK_MS, else 60 s; it also asks when the tab shows again).
   */
  updateCheckMs?: number;
  /**
   * Also serve the phone app (`/mobile-app/`, on every port) on this port, where the reverse proxy sends
   * `/mobile-app/` (4100 in production; 0 picks a free port; omitted: only under `/mobile-app/` of `port`).
   */
  mobilePort?: number;
  /** Where one line per request goes (none: no access log); `/metrics` is served either way. */
  accessLog?: AccessLogger;
  /**
   * Who is signed in on a request (default: the gateway's `currentUser` for its `auth-token` cookie): without
   * a session `/plugins.json` and the page carry only what the login page needs; refusal reasons go to
   * owners and admins alone.
   */
  sessionCheck?: SessionCheck;
}

export interface RunningFrontendServer {
  url: string;
  port: number;
  /** The phone app's address on `mobilePort` (`…/mobile-app/`), when one was asked for. */
  mobileUrl?: string;
  stop(): Promise<void>;
}

const defaultShellDir = fileURLToPath(new URL('../../dist/public', import.meta.url));

/** The front-end of `lattice start`: the shell, the built `ui: local` remotes, `/plugins.json` and `/gateway/`. */
export async function startFrontendServer(options: FrontendServerOptions): Promise<RunningFrontendServer> {
  const shellDir = options.shellDir ?? defaultShellDir;
  const indexHtml = join(shellDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`the UI shell is not built (${indexHtml} is missing): run \`npm run build\` at the repository root`);
  }
  const remotes = options.plugins.flatMap((plugin) => (plugin.ui === 'remote' && plugin.remoteUrl ? [{ name: plugin.name, remoteUrl: plugin.remoteUrl }] : []));
  const descriptors = await watchRemoteDescriptors({
    remotes,
    refreshMs: options.remoteRefreshMs ?? (positiveNumber(process.env.LATTICE_UI_REMOTE_REFRESH_MS) ?? 30_000),
    onRefused: (name, reason) => (options.onRemoteRefused ?? options.onPluginSkipped)?.(name, reason),
    onAccepted: (name) => options.onPluginSkipped?.(name, 'accepted again: its descriptor and entry are valid now'),
  });
  const origins = remoteOrigins(remotes.map((remote) => remote.remoteUrl));
  const staticOptions = { index: false, setHeaders: (response: Response, path: string) => response.setHeader('Cache-Control', cacheControlFor(path)) };
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders(origins));
  // The front-end's own `/metrics` is answered before express; another role's, reached through a proxied prefix
  // (`/gateway/metrics`, `/dashboard/api/metrics`), is never handed out on this public port.
  app.use((request, response, next) => (/\/metrics\/?$/i.test(request.path) ? response.status(404).type('text').send('Not found') : next()));

  addHealthRoutes(app, options.gatewayUrl);
  const proxy = createGatewayProxy(options.gatewayUrl);
  app.use('/gateway', proxy);
  if (options.dashboard) addDashboardRoutes(app, options.dashboard);

  const remoteNames = new Set(remotes.map((remote) => remote.name));
  const pluginsManifest = () =>
    buildPluginsManifest({
      plugins: options.plugins,
      pluginsRoot: options.pluginsRoot,
      // Remotes are told about by the watcher, once per change rather than on every page.
      onSkip: (name, reason) => !remoteNames.has(name) && options.onPluginSkipped?.(name, reason),
      checkRemote: (remote) => descriptors.current(remote.name) ?? { ok: false, check: 'network', reason: 'not checked yet' },
      remoteLoadTimeoutMs: options.remoteLoadTimeoutMs ?? 8000,
      updateCheckMs: options.updateCheckMs ?? positiveNumber(process.env.LATTICE_UI_UPDATE_CHECK_MS) ?? 60_000,
    });
  const sessionOf = options.sessionCheck ?? gatewaySessionCheck(options.gatewayUrl);
  // What this request may see of the manifest: nothing of the plugins before logging in.
  const pluginsManifestFor = async (request: IncomingMessage) => {
    const [manifest, session] = await Promise.all([pluginsManifest(), sessionOf(request.headers.cookie)]);
    return manifestForSession(manifest, session);
  };
  app.get('/plugins.json', async (request, response, next) => {
    try {
      const manifest = await pluginsManifestFor(request);
      response.setHeader('Vary', 'Cookie');
      response.setHeader('Cache-Control', 'no-cache');
      response.json(manifest);
    } catch (error) {
      next(error);
    }
  });

  for (const plugin of options.plugins) {
    if (plugin.ui !== 'local') continue;
    const buildDir = pluginBuildDir(plugin.name, options.pluginsRoot);
    if (buildDir) app.use(`/plugins/${plugin.name}`, compressedFiles(buildDir), express.static(buildDir, { ...staticOptions, fallthrough: false }));
  }
  app.use('/plugins', (_request, response) => {
    response.status(404).type('text').send('No such UI plugin is enabled');
  });

  const sendShellPage: ShellPageSender = async (request, response, next, pathname, headTags) => {
    try {
      const [template, manifest] = await Promise.all([readFile(indexHtml, 'utf8'), pluginsManifestFor(request)]);
      const page = indexHtmlFor(template.replace('</head>', `${headTags}</head>`), manifest, pathname);
      response.setHeader('Cache-Control', 'no-cache');
      response.setHeader('Vary', 'Cookie');
      response.setHeader('Content-Security-Policy', contentSecurityPolicy(origins, inlineScriptHashes(page)));
      response.type('html').send(page);
    } catch (error) {
      next(error);
    }
  };
  app.use(mobileAppBase, mobileAppRoutes({ shellDir, gatewayProxy: proxy, sendShellPage }));

  app.use(compressedFiles(shellDir), express.static(shellDir, staticOptions));
  // Client-side routes (/documents/, /settings, …) all get the shell; a missing file with an extension is a 404.
  app.use((request, response, next) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || /\.[A-Za-z0-9]+$/.test(request.path)) return next();
    sendShellPage(request, response, next, request.path, '');
  });

  // The gateway's websocket, at /gateway/graphql and (the phone app's) /mobile-app/gateway/graphql.
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const prefix = ['/gateway/', `${mobileAppBase}/gateway/`].find((candidate) => request.url?.startsWith(candidate));
    if (!prefix) return socket.destroy();
    request.url = request.url!.slice(prefix.length - 1);
    // Node types the upgrade socket as a Duplex; for an HTTP server it is always a net.Socket.
    proxy.upgrade(request, socket as Socket, head);
  };
  const observed = observeRequests(app, { role: 'frontend', accessLog: options.accessLog });
  const server = createServer(limitedServerOptions(), observed).listen(options.port ?? 3000, options.host ?? '127.0.0.1');
  capConnectionsPerAddress(server);
  server.on('upgrade', upgrade);
  const mobileServer = options.mobilePort === undefined ? undefined : mobileAppServer(app, upgrade);
  const servers = [server, ...(mobileServer ? [mobileServer] : [])];
  try {
    await listening(server, 'the front-end', options.host, options.port ?? 3000);
    if (mobileServer) await listening(mobileServer.listen(options.mobilePort, options.host ?? '127.0.0.1'), 'the phone app', options.host, options.mobilePort!);
  } catch (error) {
    descriptors.stop();
    await Promise.all(servers.map((each) => closeServer(each)));
    throw error;
  }
  return {
    url: serverUrl(server),
    port: (server.address() as AddressInfo).port,
    ...(mobileServer ? { mobileUrl: `${serverUrl(mobileServer)}${mobileAppBase}/` } : {}),
    stop: async () => {
      descriptors.stop();
      await Promise.all(servers.map((each) => closeServer(each)));
    },
  };
}

function listening(server: Server, what: string, host: string | undefined, port: number): Promise<void> {
  if (server.listening) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      reject(Object.assign(new Error(`${what} cannot listen on ${host ?? '127.0.0.1'}:${port}: another program uses that port`), { code: error.code }));
    });
  });
}

function serverUrl(server: Server): string {
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}`;
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
