import type { RequestListener } from 'node:http';
import type { GraphqlLimits } from '@lattice/contracts';
import type { Logger } from 'pino';

/**
 * One plugin and the base URLs of its hosts (replicas of the same plugin): each serves its subgraph at
 * `${url}/graphql`, readiness at `${url}/health/ready` and HTTP routes at `${url}/...`.
 */
export interface SubgraphEndpoint {
  name: string;
  urls: string[];
}

export interface GatewayOptions {
  /** Default 3300; 0 picks a free port. */
  port?: number;
  /** Interface to listen on; 127.0.0.1 when omitted (a reverse proxy faces the internet; containers say 0.0.0.0). */
  host?: string;
  /**
   * The platform secret (`jwt_token_secret`). Every `/graphql` request to a plugin host (HTTP, SDL reads and
   * websocket upgrades) is signed with a key derived from it, and plugin hosts refuse unsigned ones.
   */
  platformSecret?: string;
  subgraphs: SubgraphEndpoint[];
  /**
   * How often each replica's `/health/ready` is probed. Default 2000 ms; plugins with several replicas are
   * probed at least every 500 ms so a draining or hung replica stops getting traffic within 2 s.
   */
  pollIntervalMs?: number;
  logger?: Logger;
  /** Dev mode: introspection on, error details (stack traces, internal messages) reach the client. */
  dev?: boolean;
  /** The integrations ingress: `/<name>/...` on this port for each integration plugin named. */
  integrations?: {
    port: number;
    /** Defaults to `host`, then 127.0.0.1. */
    host?: string;
    plugins: string[];
    /** The routes each integration serves here, by name; `/receive` and `/login` (SPEC.md) when not named. */
    publicRoutes?: Readonly<Record<string, readonly string[]>>;
  };
  /**
   * Embedded mode: the request listener of a plugin host that runs in this process, while it runs. Its HTTP
   * routes (`/pl:<name>/...`, the integrations port) are then served without a second loopback hop (0.4–0.7 ms
   * of CPU per incoming message in bench/ingest). GraphQL still goes over HTTP to the subgraph.
   */
  inProcessHttp?: (pluginName: string) => RequestListener | undefined;
  /** Subscriptions one websocket connection may hold at once. Default 100. */
  maxSubscriptionsPerConnection?: number;
  /** Websocket connections one client (remote address) may hold at once. Default 32. */
  maxConnectionsPerClient?: number;
  /** A websocket client whose unsent data passes this many bytes (it does not read) is disconnected. Default 4 MB. */
  maxBufferedBytes?: number;
  /**
   * In-flight deduplication: identical queries (same plugin, body and every header that reaches it, so the
   * same user) in flight at the same time share one subgraph call, on the fast path and in the planner.
   * Mutations and subscriptions are never shared. Default true.
   */
  dedupeRequests?: boolean;
  /**
   * GraphQL requests one caller (the user a login token names, else the client's address) may have running at
   * one plugin at once; the rest wait their turn, and other callers go first meanwhile. Default 2.
   */
  turnsPerCaller?: number;
  /**
   * Browser origins besides the gateway's own that may call it with credentials (configs.json
   * `client_portal_domains`), each like `https://portal.example.com`: their CORS preflights are answered and
   * their answers carry `Access-Control-Allow-Origin`. Other origins get no CORS header. Default none.
   */
  corsOrigins?: readonly string[];
  /**
   * How long the gateway waits for a plugin host's GraphQL answer (for its headers, then for each next part of its
   * body) before answering 503 PLUGIN_UNAVAILABLE "did not answer within": a host frozen or stuck otherwise does not
   * hold the request forever. Default 15,000 ms, or the limits' execution deadline and 5 s when that is longer: the
   * hosts' 10 s execution deadline and time to send the answer.
   */
  subgraphTimeoutMs?: number;
  /**
   * The GraphQL door limits (configs.json `limits`), each over its GRAPHQL_LIMITS default. The plugin hosts behind
   * must be given the same ones: each door holds a request to its own numbers.
   */
  limits?: Partial<GraphqlLimits>;
}

export interface Gateway {
  url: string;
  port: number;
  /** The integrations ingress, when one was asked for. */
  integrationsUrl?: string;
  /** Stops polling, closes the server and the connection pools. */
  stop(): Promise<void>;
  /** Checks every plugin's health now and recomposes if needed; resolves when done. */
  refresh(): Promise<void>;
}

export const DEFAULT_PORT = 3300;
export const DEFAULT_POLL_INTERVAL_MS = 2000;
export const REPLICATED_POLL_INTERVAL_MS = 500;
export const DEFAULT_SUBGRAPH_TIMEOUT_MS = 15_000;
export const MAX_BODY_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 32;
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
export const DEFAULT_HOST = '127.0.0.1';

const PLUGIN_NAME = /^[a-z0-9][a-z0-9_-]*$/;

/** Rejects options that would make routing ambiguous, with a message that says which entry is wrong. */
export function checkSubgraphEndpoints(subgraphs: SubgraphEndpoint[]): void {
  const seen = new Set<string>();
  for (const { name, urls } of subgraphs) {
    if (!PLUGIN_NAME.test(name)) {
      throw new Error(`Gateway: plugin name "${name}" must be lower-case letters, digits, "-" or "_"`);
    }
    if (seen.has(name)) throw new Error(`Gateway: plugin "${name}" is listed twice`);
    seen.add(name);
    if (!Array.isArray(urls) || urls.length === 0) throw new Error(`Gateway: plugin "${name}" has no url`);
    const normalised = new Set<string>();
    for (const url of urls) {
      const key = checkUrl(name, url);
      if (normalised.has(key)) throw new Error(`Gateway: plugin "${name}" lists url "${url}" twice`);
      normalised.add(key);
    }
  }
}

/** The url without trailing slashes, once it is known to be an http(s) URL. */
function checkUrl(name: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Gateway: plugin "${name}" has an invalid url "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Gateway: plugin "${name}" url must be http(s), got "${url}"`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}
