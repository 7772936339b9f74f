/** Where the phone app lives on the public site (SPEC.md "Transport": `/mobile-app/` → 4100). */
export const mobileAppBase = '/mobile-app';

export const mobileIconSizes = [192, 512] as const;

/**
 * The web app manifest that makes the shell installable: it opens at `/mobile-app/`, stays inside that
 * scope (the service worker's), runs standalone, and has the PNG icons launchers ask for.
 */
export function webAppManifest() {
  return {
    name: 'Lattice',
    short_name: 'Lattice',
    description: 'Your customers, conversations and documents',
    id: `${mobileAppBase}/`,
    start_url: `${mobileAppBase}/`,
    // Without the trailing slash: the router's home is `/mobile-app` itself (react-router drops the slash).
    scope: mobileAppBase,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#4338ca',
    icons: mobileIconSizes.map((size) => ({ src: `${mobileAppBase}/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any maskable' })),
  };
}
