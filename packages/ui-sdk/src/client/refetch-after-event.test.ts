import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApolloClient, HttpLink, InMemoryCache, gql, type ObservableQuery } from '@apollo/client';
import { refetchAfterEvent, refetchPatienceMs } from './refetch-after-event.js';

const LIST = gql`
  query Conversations($status: String!) {
    conversations(status: $status) {
      _id
      status
    }
  }
`;
const COUNT = gql`
  query Count {
    count
  }
`;

interface SentRequest {
  operationName: string;
  headers: Headers;
  /** Answers the request with `data`, as the gateway would. */
  answer(data: Record<string, unknown>): void;
}

/**
 * The shell's HttpLink over a fetch the test controls: each request waits until the test answers it, so
 * requests overlap for as long as the test needs.
 */
function controlledClient() {
  const sent: SentRequest[] = [];
  const fetch = (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    new Promise((resolve) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string };
      sent.push({
        operationName: body.operationName,
        headers: new Headers(init?.headers),
        answer: (data) => resolve(new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } })),
      });
    });
  const client = new ApolloClient({
    link: new HttpLink({ uri: 'http://gateway.test/gateway/graphql', credentials: 'same-origin', fetch }),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
  return { client, sent };
}

const conversation = (status: string) => ({ conversations: [{ __typename: 'Conversation', _id: 'c1', status }] });

/** A watched query (as useQuery makes one) and the statuses it has shown so far. */
function watch(client: ApolloClient): { query: ObservableQuery; shown: string[]; stop: () => void } {
  const query = client.watchQuery({ query: LIST, variables: { status: 'closed' } });
  const shown: string[] = [];
  const subscription = query.subscribe(({ data }) => {
    const status = (data as ReturnType<typeof conversation> | undefined)?.conversations[0]?.status;
    if (status && shown.at(-1) !== status) shown.push(status);
  });
  return { query, shown, stop: () => subscription.unsubscribe() };
}

/** Lets the client's promise chains run (no timers: the requests are in the test's hands). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

describe('refetchAfterEvent', () => {
  it('sends a request of its own, with cache-control: no-cache, while an identical one is in flight', async () => {
    const { client, sent } = controlledClient();
    const { query, shown, stop } = watch(client);
    await settle();
    assert.equal(sent.length, 1, 'the page asked for its list');

    // Apollo's own refetch joins the request in flight, answered from before the change.
    void query.refetch().catch(() => {});
    await settle();
    assert.equal(sent.length, 1);

    const refetched = refetchAfterEvent(client);
    await settle();
    assert.equal(sent.length, 2, 'the refetch after the event is a request of its own');
    assert.equal(sent[1]!.operationName, 'Conversations');
    assert.equal(sent[1]!.headers.get('cache-control'), 'no-cache');
    assert.equal(sent[0]!.headers.get('cache-control'), null);

    sent[0]!.answer(conversation('closed'));
    await settle();
    sent[1]!.answer(conversation('open'));
    await refetched;
    await settle();
    assert.deepEqual(shown, ['closed', 'open']);

    // The page's own requests afterwards are as before: no header, and they share again.
    void query.refetch();
    await settle();
    assert.equal(sent.length, 3);
    assert.equal(sent[2]!.headers.get('cache-control'), null);
    sent[2]!.answer(conversation('open'));
    stop();
    client.stop();
  });

  it('asks once more when a request sent before it answers after it, so the answer read after the event is the one shown', async () => {
    const { client, sent } = controlledClient();
    const { query, shown, stop } = watch(client);
    await settle();
    const refetched = refetchAfterEvent(client);
    await settle();
    assert.equal(sent.length, 2);

    sent[1]!.answer(conversation('open'));
    await settle();
    assert.equal(sent.length, 2, 'nothing more while the older request is on its way');
    // Read before the change, it arrives last: Apollo writes it over the fresh answer.
    sent[0]!.answer(conversation('closed'));
    await settle();
    assert.equal(sent.length, 3);
    assert.equal(sent[2]!.headers.get('cache-control'), 'no-cache');
    sent[2]!.answer(conversation('open'));
    await refetched;
    await settle();
    assert.deepEqual(shown, ['open', 'closed', 'open']);
    assert.equal(sent.length, 3);
    assert.equal(query.getCurrentResult().loading, false);
    stop();
    client.stop();
  });

  it('runs exactly one more refetch for any number of events during one', async () => {
    const { client, sent } = controlledClient();
    const { query, shown, stop } = watch(client);
    await settle();
    sent[0]!.answer(conversation('open'));
    await settle();

    const first = refetchAfterEvent(client, [query]);
    await settle();
    assert.equal(sent.length, 2);
    const during = [refetchAfterEvent(client, [query]), refetchAfterEvent(client, [query])];
    await settle();
    assert.equal(sent.length, 2, 'nothing more while the refetch is in flight');

    sent[1]!.answer(conversation('open'));
    await first;
    await settle();
    assert.equal(sent.length, 3, 'one more after it, for both events');
    assert.equal(sent[2]!.headers.get('cache-control'), 'no-cache');
    sent[2]!.answer(conversation('closed'));
    await Promise.all(during);
    await settle();
    assert.equal(sent.length, 3);
    assert.deepEqual(shown, ['open', 'closed']);
    stop();
    client.stop();
  });

  it('refetches only the queries it is given, or every active one', async () => {
    const { client, sent } = controlledClient();
    const list = watch(client);
    const count = client.watchQuery({ query: COUNT });
    const counted = count.subscribe(() => {});
    await settle();
    for (const request of sent.splice(0)) request.answer(request.operationName === 'Count' ? { count: 1 } : conversation('open'));
    await settle();

    const one = refetchAfterEvent(client, [list.query]);
    await settle();
    assert.deepEqual(
      sent.map(({ operationName }) => operationName),
      ['Conversations'],
    );
    sent.splice(0)[0]!.answer(conversation('open'));
    await one;

    const all = refetchAfterEvent(client);
    await settle();
    assert.deepEqual(sent.map(({ operationName }) => operationName).sort(), ['Conversations', 'Count']);
    for (const request of sent.splice(0)) request.answer(request.operationName === 'Count' ? { count: 2 } : conversation('open'));
    await all;
    list.stop();
    counted.unsubscribe();
    client.stop();
  });

  it('lets the next refetch go when one never answers, so live updates go on', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { client, sent } = controlledClient();
    const { shown, stop } = watch(client);
    await settle();
    sent[0]!.answer(conversation('closed'));
    await settle();
    void refetchAfterEvent(client);
    await settle();
    const next = refetchAfterEvent(client);
    await settle();
    assert.equal(sent.length, 2, 'the next refetch waits while the first is on its way');
    t.mock.timers.tick(refetchPatienceMs);
    await settle();
    assert.equal(sent.length, 3, 'the first never answered: the next one goes after the wait');
    sent[2]!.answer(conversation('open'));
    await settle();
    assert.deepEqual(shown, ['closed', 'open']);
    // Apollo still counts the unanswered request as loading, so this refetch too is let go only after the wait.
    t.mock.timers.tick(refetchPatienceMs);
    await next;
    stop();
    client.stop();
  });
});
