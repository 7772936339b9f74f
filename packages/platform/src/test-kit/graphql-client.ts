export interface GraphQLResponse<TData = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: TData | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: { code?: string } & Record<string, unknown> }>;
}

export type GraphQLClient = <TData = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
) => Promise<GraphQLResponse<TData>>;

/** A plain HTTP POST, as any client of the gateway would send it. */
export function createGraphQLClient(url: string, defaultHeaders: Record<string, string> = {}): GraphQLClient {
  return async (query, variables, headers) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...defaultHeaders, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    let body: Omit<GraphQLResponse, 'status' | 'headers'>;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new Error(`${url} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
    }
    return { status: response.status, headers: response.headers, ...body } as GraphQLResponse<never>;
  };
}
