/**
 * The path the shell runs under: '' at the site's root, `/mobile-app` for the phone app (the front-end
 * server says so in the page's `<meta name="lattice-base">`). The router, the API and the websocket live
 * under it, so every page and request of the phone app stays in its service worker's scope and route.
 */
export const appBase =
  // Outside a page (the shell's unit tests under Node) there is no document, and no base.
  typeof document === 'undefined'
    ? ''
    : (document.querySelector<HTMLMetaElement>('meta[name="lattice-base"]')?.content.replace(/\/+$/, '') ?? '');

/** The path the shell's router sees for a browser path: the base taken off. */
export function pathInApp(pathname: string): string {
  if (!appBase || !pathname.startsWith(appBase)) return pathname;
  return pathname.slice(appBase.length) || '/';
}
