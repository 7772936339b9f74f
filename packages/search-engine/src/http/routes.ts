import { EngineError, parsingError } from '../errors.js';
import type { SearchEngine, SearchRequest } from '../engine.js';
import { readBulk } from './read-bulk.js';

export interface Reply {
  status: number;
  body?: unknown;
}

/** The version this engine reports: the OpenSearch REST API level it follows. */
export const ENGINE_VERSION = '2.19.0';

function json(body: string): Record<string, unknown> {
  if (body.trim() === '') return {};
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw parsingError('the request body is not a JSON object');
  }
}

function searchRequest(body: Record<string, unknown>, params: URLSearchParams): SearchRequest {
  const request = { ...body } as SearchRequest;
  if (params.has('from')) request.from = Number(params.get('from'));
  if (params.has('size')) request.size = Number(params.get('size'));
  return request;
}

/** Routes one request of the REST subset to the engine. */
export function route(engine: SearchEngine, method: string, url: URL, body: string): Reply {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third] = parts;
  const isRead = method === 'GET' || method === 'POST';
  if (parts.length === 0) {
    if (method === 'HEAD') return { status: 200 };
    if (method !== 'GET') throw notAllowed(method, url);
    return {
      status: 200,
      body: {
        name: 'lattice-embedded',
        cluster_name: 'lattice',
        cluster_uuid: 'lattice-embedded',
        version: { distribution: 'opensearch', number: ENGINE_VERSION, build_type: 'embedded', lucene_version: 'minisearch', minimum_wire_compatibility_version: '7.10.0', minimum_index_compatibility_version: '7.0.0' },
        tagline: 'The OpenSearch Project: https://opensearch.org/',
      },
    };
  }
  if (first === '_bulk' && method !== 'GET' && parts.length === 1) return bulk(engine, body, undefined);
  if (first === '_search' && isRead && parts.length === 1) return search(engine, '_all', body, url.searchParams);
  if (first === '_count' && isRead && parts.length === 1) return { status: 200, body: { count: engine.count('_all', json(body).query as Record<string, unknown> | undefined) } };
  if (first === '_cluster' && second === 'health') return { status: 200, body: { cluster_name: 'lattice', status: 'green', number_of_nodes: 1 } };
  if (!first || first.startsWith('_')) throw notAllowed(method, url);
  const index = first;
  if (parts.length === 1) {
    if (method === 'HEAD') return { status: engine.resolveOrEmpty(index).length > 0 ? 200 : 404 };
    if (method === 'PUT') {
      engine.createIndex(index, json(body));
      return { status: 200, body: { acknowledged: true, shards_acknowledged: true, index } };
    }
    if (method === 'DELETE') {
      if (url.searchParams.get('ignore_unavailable') === 'true') {
        for (const name of engine.resolveOrEmpty(index)) engine.deleteIndex(name);
      } else {
        engine.deleteIndex(index);
      }
      return { status: 200, body: { acknowledged: true } };
    }
    if (method === 'GET') return { status: 200, body: Object.fromEntries(engine.resolve(index).map((name) => [name, { mappings: engine.mappingsOf(name), settings: {} }])) };
  }
  if (second === '_bulk' && method !== 'GET' && parts.length === 2) return bulk(engine, body, index);
  if (second === '_search' && isRead && parts.length === 2) return search(engine, index, body, url.searchParams);
  if (second === '_count' && isRead && parts.length === 2) return { status: 200, body: { count: engine.count(index, json(body).query as Record<string, unknown> | undefined) } };
  if (second === '_refresh' && parts.length === 2) return { status: 200, body: { _shards: { total: 1, successful: 1, failed: 0 } } };
  if (second === '_mapping' && method === 'GET' && parts.length === 2) return { status: 200, body: Object.fromEntries(engine.resolve(index).map((name) => [name, { mappings: engine.mappingsOf(name) }])) };
  if (second === '_doc' && third !== undefined && parts.length === 3) {
    if (method === 'GET') {
      const source = engine.getIndex(index).docs.get(third);
      return { status: source ? 200 : 404, body: { _index: index, _id: third, found: source !== undefined, ...(source ? { _source: source } : {}) } };
    }
    if (method === 'PUT' || method === 'POST' || method === 'DELETE') {
      const [result] = engine.bulk([{ action: method === 'DELETE' ? 'delete' : 'index', index, id: third, source: method === 'DELETE' ? undefined : json(body) }]);
      if (result?.error) throw new EngineError(result.status, result.error.type, result.error.reason);
      return { status: result?.status ?? 500, body: { _index: index, _id: third, result: result?.result } };
    }
  }
  throw notAllowed(method, url);
}

function notAllowed(method: string, url: URL): EngineError {
  return new EngineError(405, 'unsupported_operation', `${method} ${url.pathname} is not part of the REST subset this embedded engine serves`);
}

function bulk(engine: SearchEngine, body: string, index: string | undefined): Reply {
  const started = performance.now();
  const results = engine.bulk(readBulk(body, index));
  return {
    status: 200,
    body: {
      took: Math.round(performance.now() - started),
      errors: results.some((item) => item.error !== undefined),
      items: results.map((item) => ({
        [item.action]: { _index: item.index, _id: item.id, status: item.status, ...(item.result ? { result: item.result } : {}), ...(item.error ? { error: item.error } : {}) },
      })),
    },
  };
}

function search(engine: SearchEngine, pattern: string, body: string, params: URLSearchParams): Reply {
  const started = performance.now();
  const found = engine.search(pattern, searchRequest(json(body), params));
  return {
    status: 200,
    body: {
      took: Math.round(performance.now() - started),
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { total: { value: found.total, relation: 'eq' }, max_score: found.maxScore, hits: found.hits },
    },
  };
}

