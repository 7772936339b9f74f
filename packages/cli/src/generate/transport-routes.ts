/** A service behind the reverse proxy (SPEC.md "Transport"). */
export type ProxiedService = 'frontend' | 'widgets' | 'gateway' | 'mobile-app' | 'integrations' | 'dashboard-front' | 'dashboard-api';

export interface TransportRoute {
  /** The public path prefix; every prefix but `/` is stripped on the way to its service. */
  prefix: string;
  service: ProxiedService;
  port: number;
  /** Websocket upgrade headers are forwarded. */
  upgrade: boolean;
  /** Responses stream to the client as they come (subscriptions, long polls). */
  unbuffered: boolean;
}

/**
 * SPEC.md's Transport table. `/dashboard/front` gets a trailing slash so that stripping it cannot leave `//`
 * in the path the dashboard sees.
 */
export const transportRoutes: readonly TransportRoute[] = [
  { prefix: '/', service: 'frontend', port: 3000, upgrade: false, unbuffered: false },
  { prefix: '/widgets/', service: 'widgets', port: 3200, upgrade: true, unbuffered: false },
  { prefix: '/gateway/', service: 'gateway', port: 3300, upgrade: true, unbuffered: true },
  { prefix: '/mobile-app/', service: 'mobile-app', port: 4100, upgrade: true, unbuffered: true },
  { prefix: '/integrations/', service: 'integrations', port: 3400, upgrade: false, unbuffered: false },
  { prefix: '/dashboard/front/', service: 'dashboard-front', port: 4200, upgrade: false, unbuffered: false },
  { prefix: '/dashboard/api/', service: 'dashboard-api', port: 4300, upgrade: false, unbuffered: false },
];

/** The headers SPEC.md has the proxy forward on every prefix, with the nginx value of each. */
export const forwardedHeaders: ReadonlyArray<[header: string, value: string]> = [
  ['Host', '$host'],
  ['X-Real-IP', '$remote_addr'],
  ['X-Forwarded-For', '$proxy_add_x_forwarded_for'],
  // With the port the client used, which the gateway's websocket origin check compares with Origin.
  ['X-Forwarded-Host', '$http_host'],
  ['X-Forwarded-Server', '$host'],
  ['X-Forwarded-Proto', '$scheme'],
];
