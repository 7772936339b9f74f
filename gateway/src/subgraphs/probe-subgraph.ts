import type { SubgraphState } from './subgraph-registry.js';

const SDL_QUERY = JSON.stringify({ query: 'query __LatticeGatewaySdl { _service { sdl } }' });

/** True when the host answers `/health` with a 2xx within the timeout. */
export async function isHealthy(subgraph: SubgraphState, timeoutMs: number): Promise<boolean> {
  try {
    const response = await subgraph.probePool.request({
      method: 'GET',
      path: `${subgraph.basePath}/health`,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump();
    return response.statusCode >= 200 && response.statusCode < 300;
  } catch {
    return false;
  }
}

/** The subgraph's Federation SDL from `{ _service { sdl } }`; throws with the reason when it cannot be had. */
export async function fetchSubgraphSdl(subgraph: SubgraphState, timeoutMs: number): Promise<string> {
  const response = await subgraph.probePool.request({
    method: 'POST',
    path: `${subgraph.basePath}/graphql`,
    // Apollo Server's CSRF prevention wants a preflight-forcing header on anything it might take as a simple request.
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: SDL_QUERY,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.body.text();
  let payload: { data?: { _service?: { sdl?: unknown } }; errors?: Array<{ message?: string }> };
  try {
    payload = JSON.parse(text) as typeof payload;
  } catch {
    throw new Error(`plugin "${subgraph.name}" answered _service with HTTP ${response.statusCode} and no JSON`);
  }
  const sdl = payload.data?._service?.sdl;
  if (typeof sdl !== 'string') {
    const reason = payload.errors?.[0]?.message ?? `HTTP ${response.statusCode}`;
    throw new Error(`plugin "${subgraph.name}" gave no subgraph SDL: ${reason}`);
  }
  return sdl;
}
