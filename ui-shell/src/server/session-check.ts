import { LRUCache } from 'lru-cache';

/** The signed-in user behind a request, as the gateway knows them (only what the front-end server needs). */
export interface Session {
  role: string;
}

export type SessionCheck = (cookieHeader: string | undefined) => Promise<Session | undefined>;

const cookieName = 'auth-token';
const query = 'query ShellSession { currentUser { role } }';

/** The `auth-token` cookie's value in a Cookie header, if any. */
export function authTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName && value.length > 0) return value.join('=');
  }
  return undefined;
}

/**
 * Asks the gateway who a request's `auth-token` belongs to (`currentUser { role }`), so a revoked or expired
 * session is refused as the gateway refuses it. A request without the cookie costs nothing; an answer is
 * kept `ttlMs` per token (as the gateway keeps its own session checks a few seconds), so a page and its
 * `/plugins.json` ask once. A gateway that does not answer means no session: the page is the login page's.
 */
export function gatewaySessionCheck(gatewayUrl: string, options: { ttlMs?: number; timeoutMs?: number } = {}): SessionCheck {
  const known = new LRUCache<string, { session: Promise<Session | undefined> }>({ max: 1000, ttl: options.ttlMs ?? 5000 });
  return (cookieHeader) => {
    // Without the cookie the gateway is asked too (once per ttl for every such request): a platform
    // without the core plugin has no login, and then everybody gets the pages.
    const token = authTokenOf(cookieHeader) ?? '';
    const cached = known.get(token);
    if (cached) return cached.session;
    const session = askGateway(gatewayUrl, token, options.timeoutMs ?? 3000);
    known.set(token, { session });
    return session;
  };
}

async function askGateway(gatewayUrl: string, token: string, timeoutMs: number): Promise<Session | undefined> {
  try {
    const response = await fetch(new URL('/graphql', gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...(token ? { cookie: `${cookieName}=${token}` } : {}) },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as { data?: { currentUser?: { role?: unknown } | null }; errors?: Array<{ extensions?: { code?: unknown } }> };
    // No `currentUser` field at all: the platform runs without the core plugin, so there is no login to ask
    // for (the shell renders every page then, and the API decides).
    if (body.errors?.some((error) => error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')) return { role: 'owner' };
    const user = body.data?.currentUser;
    if (!user) return undefined;
    return { role: typeof user.role === 'string' ? user.role : 'member' };
  } catch {
    return undefined;
  }
}

/** Who may read why a plugin was refused (its URLs and hashes): the roles that run the installation. */
export function seesRefusalDetails(session: Session | undefined): boolean {
  return session?.role === 'owner' || session?.role === 'admin';
}
