import { Client } from '@opensearch-project/opensearch';

export type SearchSource = Record<string, unknown>;

export type BulkOperation = { op: 'index'; index: string; id: string; source: SearchSource } | { op: 'delete'; index: string; id: string };

export interface EngineHit {
  index: string;
  id: string;
  score: number;
  source: SearchSource;
  highlight: Record<string, string[]>;
}

/** The engine refused a request (its status and Elasticsearch error type), or could not be reached (status 0). */
export class SearchEngineError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'SearchEngineError';
  }
}

/** The one way Lattice talks to a search engine: the embedded one and OpenSearch / Elasticsearch alike. */
export interface SearchClient {
  readonly url: string;
  info(): Promise<{ version: string; distribution: string }>;
  indexExists(index: string): Promise<boolean>;
  createIndex(index: string, mappings: Record<string, unknown>): Promise<void>;
  /** Deletes the index; one that does not exist is no error. */
  deleteIndex(index: string): Promise<void>;
  /** Applies the operations in order; fails naming the first item the engine refused (deleting a missing id is fine). */
  bulk(operations: BulkOperation[]): Promise<void>;
  getDocument(index: string, id: string): Promise<SearchSource | undefined>;
  search(index: string, body: Record<string, unknown>): Promise<{ total: number; hits: EngineHit[] }>;
  count(index: string): Promise<number>;
  /** Every id in an index (for checks and tests; pages through with search). */
  ids(index: string): Promise<string[]>;
  close(): Promise<void>;
}

interface ClientError {
  meta?: { statusCode?: number; body?: { error?: { type?: string; reason?: string } | string } };
  message?: string;
}

function asEngineError(error: unknown): SearchEngineError {
  const shaped = error as ClientError;
  const status = shaped.meta?.statusCode ?? 0;
  const body = shaped.meta?.body?.error;
  const type = typeof body === 'object' ? (body.type ?? 'error') : status === 0 ? 'connection_error' : 'error';
  const reason = typeof body === 'object' ? (body.reason ?? shaped.message ?? 'refused') : (body ?? shaped.message ?? String(error));
  return new SearchEngineError(status, type, reason);
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asEngineError(error);
  }
}

/** A client for the engine at `url` (the embedded one, or a real cluster with credentials in the URL). */
export function createSearchClient(url: string): SearchClient {
  const client = new Client({ node: url, requestTimeout: 30_000, maxRetries: 2 });
  return {
    url,
    info: () =>
      call(async () => {
        const { body } = await client.info();
        return { version: body.version.number, distribution: body.version.distribution ?? 'elasticsearch' };
      }),
    indexExists: (index) => call(async () => (await client.indices.exists({ index })).statusCode === 200),
    createIndex: (index, mappings) =>
      call(async () => {
        await client.indices.create({ index, body: { mappings } as never });
      }),
    deleteIndex: (index) =>
      call(async () => {
        try {
          await client.indices.delete({ index, ignore_unavailable: true });
        } catch (error) {
          if ((error as ClientError).meta?.statusCode !== 404) throw error;
        }
      }),
    bulk: (operations) =>
      call(async () => {
        if (operations.length === 0) return;
        const body = operations.flatMap((operation) =>
          operation.op === 'index' ? [{ index: { _index: operation.index, _id: operation.id } }, operation.source] : [{ delete: { _index: operation.index, _id: operation.id } }],
        );
        const { body: reply } = await client.bulk({ body: body as never });
        if (!reply.errors) return;
        for (const item of reply.items) {
          const [action, result] = Object.entries(item)[0] as [string, { status?: number; _id?: string; error?: { type?: string; reason?: string } }];
          if (!result.error) continue;
          if (action === 'delete' && result.status === 404) continue;
          throw new SearchEngineError(result.status ?? 500, result.error.type ?? 'error', `${action} of ${result._id ?? '?'} refused: ${result.error.reason ?? ''}`);
        }
      }),
    getDocument: (index, id) =>
      call(async () => {
        try {
          const { body } = await client.get({ index, id });
          return body.found ? (body._source as SearchSource) : undefined;
        } catch (error) {
          if ((error as ClientError).meta?.statusCode === 404) return undefined;
          throw error;
        }
      }),
    search: (index, request) =>
      call(async () => {
        const { body } = await client.search({ index, body: request as never });
        const total = body.hits.total;
        return {
          total: typeof total === 'number' ? total : (total?.value ?? 0),
          hits: body.hits.hits.map((hit) => ({
            index: String(hit._index),
            id: String(hit._id),
            score: hit._score ?? 0,
            source: (hit._source ?? {}) as SearchSource,
            highlight: (hit.highlight ?? {}) as Record<string, string[]>,
          })),
        };
      }),
    count: (index) => call(async () => (await client.count({ index })).body.count),
    ids: (index) =>
      call(async () => {
        const ids: string[] = [];
        // Pages of 10,000 by _id would need search_after; the checks that use this stay under the result window.
        const { body } = await client.search({ index, body: { query: { match_all: {} }, size: 10_000, _source: false } as never });
        for (const hit of body.hits.hits) ids.push(String(hit._id));
        return ids;
      }),
    close: () => client.close(),
  };
}
