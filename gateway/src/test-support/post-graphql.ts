export interface GraphqlResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body. */
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
  };
  /** The body text exactly as received. */
  text: string;
}

export async function postGraphql(
  baseUrl: string,
  payload: { query: string; variables?: Record<string, unknown>; operationName?: string },
  headers: Record<string, string> = {},
): Promise<GraphqlResponse> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as GraphqlResponse['body'], text };
}
