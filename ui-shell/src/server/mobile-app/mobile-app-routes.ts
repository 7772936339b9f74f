import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { appIconPng } from './app-icon-png.js';
import { offlinePage } from './offline-page.js';
import { serviceWorkerScript } from './service-worker-script.js';
import { mobileAppBase, mobileIconSizes, webAppManifest } from './web-app-manifest.js';

/** Sends the shell's page for a client-side path, with `headTags` added to its head. */
export type ShellPageSender = (request: Request, response: Response, next: NextFunction, pathname: string, headTags: string) => void;

/** What the phone app's page adds to the shell's: its manifest, colour and icon, and the base its router works under. */
export const mobileHeadTags = [
  `<link rel="manifest" href="${mobileAppBase}/manifest.webmanifest">`,
  `<meta name="theme-color" content="#4338ca">`,
  `<link rel="apple-touch-icon" href="${mobileAppBase}/icons/icon-192.png">`,
  `<meta name="lattice-base" content="${mobileAppBase}">`,
].join('');

/**
 * `/mobile-app/…`: the shell as an installable app. The same build as `/`, its router under `/mobile-app`
 * (so every page stays in the service worker's scope), its API and live updates through
 * `/mobile-app/gateway/` (the route's own websocket upgrade), plus the manifest, icons, service worker and
 * offline page.
 */
export function mobileAppRoutes(options: { shellDir: string; gatewayProxy: RequestHandler; sendShellPage: ShellPageSender }): Router {
  const router = express.Router();
  const icons = new Map(mobileIconSizes.map((size) => [String(size), appIconPng(size)]));
  const worker = serviceWorkerScript(options.shellDir);
  router.get('/manifest.webmanifest', (_request, response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.type('application/manifest+json').send(JSON.stringify(webAppManifest()));
  });
  router.get('/icons/icon-:size.png', (request, response, next) => {
    const icon = icons.get(String(request.params.size));
    if (!icon) return next();
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.type('png').send(icon);
  });
  router.get('/sw.js', (_request, response) => {
    // Browsers look for a new worker on every visit; it must never come from an HTTP cache.
    response.setHeader('Cache-Control', 'no-cache');
    // Its scope is `/mobile-app`, one level above the script, so that the router's home `/mobile-app` is in it.
    response.setHeader('Service-Worker-Allowed', mobileAppBase);
    response.type('application/javascript').send(worker);
  });
  router.get('/offline.html', (_request, response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(offlinePage);
  });
  router.use('/gateway', options.gatewayProxy);
  router.use((request, response, next) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || /\.[A-Za-z0-9]+$/.test(request.path)) {
      response.status(404).type('text').send('Not found');
      return;
    }
    options.sendShellPage(request, response, next, request.path, mobileHeadTags);
  });
  return router;
}
