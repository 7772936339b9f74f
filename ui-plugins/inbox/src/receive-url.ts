/**
 * Where a kind's deliveries go: `<origin>/integrations/<kind>/receive`, the integrations ingress's public path
 * (docs/architecture.md, and the nginx template's `location /integrations/`), on the origin the user opened.
 */
export function receiveUrl(origin: string, kind: string): string {
  return `${origin.replace(/\/$/, '')}/integrations/${encodeURIComponent(kind)}/receive`;
}
