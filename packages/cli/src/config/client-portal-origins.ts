/**
 * configs.json `client_portal_domains`: the browser origins, besides the platform's own, that may call the
 * gateway with their cookies (CORS). Written as erxes writes it: origins separated by commas; blanks ignored.
 */
export function clientPortalOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

/** Why the text is not an origin as a browser sends it (http(s), host, optional port, nothing else); undefined when it is. */
export function originProblem(origin: string): string | undefined {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === origin) return undefined;
  return `"${origin}" is not an origin: write it as https://portal.example.com (scheme, host and optional port; no path or trailing slash)`;
}
