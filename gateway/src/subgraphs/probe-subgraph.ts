import type { Replica } from './replica.js';
import { transportFailure } from './transport-failure.js';

const SDL_QUERY = JSON.stringify({ query: 'query __LatticeGatewaySdl { _service { sdl } }' });

/**
 * A readiness probe's verdict. 'ready': 2xx. 'draining': the 503 of a host that is stopping (`status: stopping`),
 * which still serves while no other replica is ready. 'refused' and 'not-ready' (any other definite non-2xx) take
 * a replica out at once; 'no-answer' (timed out, or failed mid-way) only counts.
 */
export type ProbeOutcome = 'ready' | 'draining' | 'refused' | 'not-ready' | 'no-answer';

async function probeStatus(replica: Replica, path: string, timeoutMs: number): Promise<{ status: number; stopping: boolean }> {
  const response = await replica.probePool.request({
    method: 'GET',
    path: `${replica.basePath}${path}`,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.statusCode !== 503) {
    await response.body.dump();
    return { status: response.statusCode, stopping: false };
  }
  const text = await response.body.text();
  let stopping = false;
  try {
    stopping = (JSON.parse(text) as { status?: unknown }).status === 'stopping';
  } catch {
    // Not a Lattice host's readiness: an ordinary 503.
  }
  return { status: response.statusCode, stopping };
}

/** Asks `/health/ready`; a host that predates it (404 there) is asked `/health` instead. */
export async function probeReplica(replica: Replica, timeoutMs: number, again = true): Promise<ProbeOutcome> {
  try {
    let answer = await probeStatus(replica, '/health/ready', timeoutMs);
    if (answer.status === 404) answer = await probeStatus(replica, '/health', timeoutMs);
    if (answer.stopping) return 'draining';
    return answer.status >= 200 && answer.status < 300 ? 'ready' : 'not-ready';
  } catch (error) {
    const failure = transportFailure(error);
    // The kept-alive probe connection of a host that went away fails as a reset; a new one tells refused from alive.
    if (failure === 'reset' && again) return probeReplica(replica, timeoutMs, false);
    return failure === 'refused' ? 'refused' : 'no-answer';
  }
}

/** The subgraph's Federation SDL from `{ _service { sdl } }`; throws with the reason when it cannot be had. */
export async function fetchSubgraphSdl(replica: Replica, timeoutMs: number): Promise<string> {
  const response = await replica.probePool.request({
    method: 'POST',
    path: `${replica.basePath}/graphql`,
    // Apollo Server's CSRF prevention wants a preflight-forcing header on anything it might take as a simple request.
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...replica.signature('POST', SDL_QUERY) },
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
    throw new Error(`plugin "${replica.plugin}" at ${replica.url} answered _service with HTTP ${response.statusCode} and no JSON`);
  }
  const sdl = payload.data?._service?.sdl;
  if (typeof sdl !== 'string') {
    const reason = payload.errors?.[0]?.message ?? `HTTP ${response.statusCode}`;
    throw new Error(`plugin "${replica.plugin}" at ${replica.url} gave no subgraph SDL: ${reason}`);
  }
  return sdl;
}
