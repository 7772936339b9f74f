import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversationListVariables, inboxSearchParams, pageCount, readInboxFilters } from './inbox-filters.js';

test('the filter defaults to open conversations of every integration, none selected', () => {
  assert.deepEqual(readInboxFilters(new URLSearchParams('')), { integrationId: null, status: 'open', search: '', page: 1, conversationId: null });
  assert.equal(readInboxFilters(new URLSearchParams('status=archived')).status, 'open');
  for (const page of ['0', '-2', '1.5', 'two']) assert.equal(readInboxFilters(new URLSearchParams({ page })).page, 1, page);
});

test('the filter survives a round trip through the URL, leaving defaults out', () => {
  const filters = { integrationId: 'i1', status: 'closed' as const, search: 'ink refill', page: 3, conversationId: 'c1' };
  assert.equal(inboxSearchParams(filters).toString(), 'integration=i1&status=closed&q=ink+refill&page=3&conversation=c1');
  assert.deepEqual(readInboxFilters(inboxSearchParams(filters)), filters);
  assert.equal(inboxSearchParams({ integrationId: null, status: 'open', search: '', page: 1, conversationId: null }).toString(), '');
});

test('"all" asks for every status; the others ask for theirs', () => {
  assert.deepEqual(conversationListVariables({ integrationId: null, status: 'all', search: '', page: 2, conversationId: null }, 20), {
    integrationId: null,
    status: null,
    searchValue: null,
    page: 2,
    perPage: 20,
  });
  assert.equal(conversationListVariables({ integrationId: 'i1', status: 'closed', search: ' ', page: 1, conversationId: 'c' }, 20).status, 'closed');
  assert.equal(conversationListVariables({ integrationId: null, status: 'open', search: ' lamp ', page: 1, conversationId: null }, 20).searchValue, 'lamp');
});

test('pages: at least one, and a partly filled last page counts', () => {
  assert.equal(pageCount(0, 20), 1);
  assert.equal(pageCount(20, 20), 1);
  assert.equal(pageCount(21, 20), 2);
});
