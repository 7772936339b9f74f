import type { WidgetSettings } from '@lattice/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The widget's page inside the site's iframe. Only the integration's sites may frame it (CSP frame-ancestors;
 * any when it names none), it runs only this service's scripts and styles and talks only to this origin.
 */
export function framePage(settings: WidgetSettings, lang: 'en' | 'de'): { html: string; csp: string } {
  // JSON in a data block, never run: `<` escaped so no text in it can close the element.
  const data = JSON.stringify(settings).replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(settings.brandName)}</title>
<link rel="stylesheet" href="widget.css">
<script type="application/json" id="settings">${data}</script>
<script src="widget.js" defer></script>
</head>
<body></body>
</html>
`;
  const ancestors = settings.allowedOrigins.length > 0 ? settings.allowedOrigins.join(' ') : '*';
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
  return { html, csp };
}
