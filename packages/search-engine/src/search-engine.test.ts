import assert from 'node:assert/strict';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@opensearch-project/opensearch';
import { startSearchEngine, type RunningSearchEngine } from './index.js';

const mappings = { properties: { title: { type: 'text' }, body: { type: 'text' }, type: { type: 'keyword' }, permission: { type: 'keyword' } } } as const;

function total(hits: { total?: unknown }): number {
  return (hits.total as { value: number }).value;
}

function multiMatch(query: string, extra: Record<string, unknown> = {}) {
  return { multi_match: { query, fields: ['title^3', 'body'], type: 'bool_prefix', fuzziness: 'AUTO', ...extra } };
}

describe('the embedded search engine through the official OpenSearch client', () => {
  let engine: RunningSearchEngine;
  let client: Client;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'search-engine-'));
    engine = await startSearchEngine({ dataDir: dir, log: () => undefined });
    client = new Client({ node: engine.url });
    await client.indices.create({ index: 'notes', body: { mappings } });
    await client.bulk({
      refresh: true,
      body: [
        { index: { _index: 'notes', _id: '1' } },
        { title: 'Quarterly invoices', body: 'All invoices of the third quarter', type: 'document', permission: 'documents:showDocuments' },
        { index: { _index: 'notes', _id: '2' } },
        { title: 'Rechnungen für Häuser', body: 'Die Rechnung kam gestern', type: 'document', permission: 'documents:showDocuments' },
        { index: { _index: 'notes', _id: '3' } },
        { title: 'Ada Lovelace', body: 'ada@example.com customer since 2020', type: 'customer', permission: 'contacts:showCustomers' },
      ],
    });
  });
  after(async () => {
    await client?.close();
    await engine?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers GET / with a version, as a cluster does', async () => {
    const { body } = await client.info();
    assert.equal(body.version.distribution, 'opensearch');
    assert.match(body.version.number, /^\d+\.\d+\.\d+$/);
  });

  it('finds by stems in English and German, prefixes and typos, and highlights the words', async () => {
    const search = async (text: string) => (await client.search({ index: 'notes', body: { query: multiMatch(text), highlight: { fields: { title: {}, body: {} }, pre_tags: ['<mark>'], post_tags: ['</mark>'] } } as never })).body.hits;
    const invoice = await search('invoice');
    assert.deepEqual(invoice.hits.map((hit) => hit._id), ['1']);
    assert.deepEqual(invoice.hits[0]?.highlight?.title, ['Quarterly <mark>invoices</mark>']);
    assert.deepEqual((await search('Rechnung')).hits.map((hit) => hit._id), ['2']);
    assert.deepEqual((await search('häuser')).hits.map((hit) => hit._id), ['2']);
    assert.deepEqual((await search('lovel')).hits.map((hit) => hit._id), ['3'], 'the last word matches as a prefix');
    assert.deepEqual((await search('lovelaec')).hits.map((hit) => hit._id), ['3'], 'a typo still matches');
    assert.deepEqual((await search('nothing-like-it')).total, { value: 0, relation: 'eq' });
  });

  it('tolerates typos only when the words as typed find nothing', async () => {
    await client.indices.create({ index: 'typos', body: { mappings } });
    await client.bulk({ refresh: true, body: [{ index: { _index: 'typos', _id: 'parts' } }, { title: 'Spare parts' }, { index: { _index: 'typos', _id: 'party' } }, { title: 'Garden party' }] });
    const ids = async (text: string, extra: Record<string, unknown> = {}) => (await client.search({ index: 'typos', body: { query: multiMatch(text, extra) } as never })).body.hits.hits.map((hit) => hit._id).sort();
    assert.deepEqual(await ids('party'), ['party'], 'a word typed right does not bring in its one-edit neighbours');
    assert.deepEqual(await ids('partz'), ['parts', 'party'], 'a word found nowhere is matched with one edit');
    assert.deepEqual(await ids('garden partz', { operator: 'and' }), ['party'], 'with operator and, every word must match, typo or not');
    await client.indices.delete({ index: 'typos' });
  });

  it('filters with term and terms inside bool, before paging, and counts', async () => {
    const { body } = await client.search({
      index: 'notes',
      body: { query: { bool: { must: [{ match_all: {} }], filter: [{ terms: { permission: ['contacts:showCustomers'] } }] } }, size: 1 },
    });
    assert.deepEqual(body.hits.hits.map((hit) => hit._id), ['3']);
    assert.deepEqual(body.hits.total, { value: 1, relation: 'eq' });
    const counted = await client.count({ index: 'notes', body: { query: { term: { type: 'document' } } } });
    assert.equal(counted.body.count, 2);
  });

  it('updates and deletes through _bulk, each item answering for itself', async () => {
    const { body } = await client.bulk({
      body: [
        { update: { _index: 'notes', _id: '3' } },
        { doc: { title: 'Grace Hopper' } },
        { delete: { _index: 'notes', _id: 'missing' } },
        { index: { _index: 'absent', _id: 'x' } },
        { a: 1 },
      ],
    });
    assert.equal(body.errors, true);
    assert.equal(body.items[0]?.update?.result, 'updated');
    assert.equal(body.items[1]?.delete?.status, 404);
    assert.equal(body.items[2]?.index?.error?.type, 'index_not_found_exception');
    const found = await client.search({ index: 'notes', body: { query: multiMatch('hopper') } as never });
    assert.deepEqual(found.body.hits.hits.map((hit) => hit._id), ['3']);
    assert.equal(total((await client.search({ index: 'notes', body: { query: multiMatch('lovelace') } as never })).body.hits), 0);
  });

  it('answers bad requests with Elasticsearch errors, never a 500', async () => {
    await assert.rejects(client.search({ index: 'notes', body: { query: { script: {} } } as never }), (error: { meta?: { statusCode?: number; body?: { error?: { type?: string } } } }) => error.meta?.statusCode === 400 && error.meta.body?.error?.type === 'parsing_exception');
    await assert.rejects(client.search({ index: 'nope', body: {} as never }), (error: { meta?: { statusCode?: number } }) => error.meta?.statusCode === 404);
    await assert.rejects(client.search({ index: 'notes', body: { from: 9999, size: 10 } as never }), (error: { meta?: { statusCode?: number } }) => error.meta?.statusCode === 400);
    await assert.rejects(client.indices.create({ index: 'notes' }), (error: { meta?: { body?: { error?: { type?: string } } } }) => error.meta?.body?.error?.type === 'resource_already_exists_exception');
    const long = await client.search({ index: 'notes', body: { query: multiMatch('x'.repeat(10_000)) } as never });
    assert.equal(total(long.body.hits), 0);
    await assert.rejects(client.search({ index: 'notes', body: { query: multiMatch('a '.repeat(5000)) } as never }), (error: { meta?: { statusCode?: number } }) => error.meta?.statusCode === 400);
  });

  it('keeps its indexes across a restart, and drops a torn last journal line', async () => {
    await engine.stop();
    await appendFile(join(dir, 'journal.ndjson'), '{"op":"write","items":[{"index":"notes","id":"9","sou');
    engine = await startSearchEngine({ dataDir: dir, log: () => undefined });
    await client.close();
    client = new Client({ node: engine.url });
    const { body } = await client.search({ index: 'notes', body: { query: { match_all: {} } } as never });
    assert.deepEqual(body.hits.hits.map((hit) => hit._id).sort(), ['1', '2', '3']);
    assert.equal((await client.indices.exists({ index: 'notes' })).statusCode, 200);
    await client.indices.delete({ index: 'notes' });
    assert.equal((await client.indices.exists({ index: 'notes' })).statusCode, 404);
  });
});
