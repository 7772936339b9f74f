import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphiQLOptions } from 'graphql-yoga';

let page: Promise<string> | undefined;

/** A browser opening /graphql asks for HTML; GraphQL clients ask for JSON. */
export function wantsGraphqlIde(req: IncomingMessage): boolean {
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
}

/**
 * Dev mode only: GraphiQL (Yoga's build of it, served whole, so it needs no CDN). It sends requests to
 * the address it was loaded from, so it works at /graphql and behind the front-end's /gateway/graphql,
 * with the login cookie, and subscriptions over the same websocket path.
 */
export async function sendGraphqlIde(res: ServerResponse): Promise<void> {
  // Loaded on the first visit: the page is some 9 MB of script that production never needs.
  const options: GraphiQLOptions = {
    title: 'Lattice GraphQL',
    credentials: 'same-origin',
    subscriptionsProtocol: 'WS',
    defaultQuery: '# Log in first: mutation { login(email: "…", password: "…") { email role } }\n{\n  __typename\n}\n',
  };
  page ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => renderGraphiQL(options));
  const html = await page;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'no-cache' });
  res.end(html);
}
