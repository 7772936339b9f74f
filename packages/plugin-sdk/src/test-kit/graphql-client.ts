export interface GraphQLResponse<TData = Record<string, unknown>> {
  status: number;
  data?: TData | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: { code?: string } & Record<string, unknown> }>;
}

export type GraphQLClient = <TData = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
) => Promise<GraphQLResponse<TData>>;

/** A plain HTTP POST, as any client of the gateway would send it. */
export function createGraphQLClient(url: string): GraphQLClient {
  return async (query, variables, headers) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as Omit<GraphQLResponse, 'status'>;
    return { status: response.status, ...body } as GraphQLResponse<never>;
  };
}
