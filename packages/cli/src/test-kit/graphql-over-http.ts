export interface GraphQLAnswer<TData = Record<string, unknown>> {
  status: number;
  data?: TData | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  headers: Headers;
}

/** One GraphQL POST as a browser sends it; a transport failure is an answer with status 0, so load loops can count it. */
export async function postGraphQL<TData = Record<string, unknown>>(
  url: string,
  query: string,
  options: { variables?: Record<string, unknown>; cookie?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<GraphQLAnswer<TData>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      body: JSON.stringify({ query, variables: options.variables }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    try {
      return { status: response.status, headers: response.headers, ...(JSON.parse(text) as object) };
    } catch {
      return { status: response.status, headers: response.headers, errors: [{ message: `not JSON: ${text.slice(0, 200)}` }] };
    }
  } catch (error) {
    return { status: 0, headers: new Headers(), errors: [{ message: (error as Error).message }] };
  }
}

/** Runs `clients` loops of `send` until `stop()`, recording when each answer failed. */
export function steadyLoad(clients: number, send: () => Promise<boolean>) {
  let running = true;
  const failures: number[] = [];
  let successes = 0;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      if (await send()) successes += 1;
      else failures.push(Date.now());
    }
  });
  return {
    failures,
    successes: () => successes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}
