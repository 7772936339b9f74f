/**
 * bench/widgets: the messenger's bytes (loader and widget, gzip) and its two latencies on the embedded stack
 * (contacts, inbox, messenger, the gateway and a widgets service sharing broker and pub/sub, as npm start runs):
 * visitor → inbox (POST /api/messages until the agent's conversationChanged subscription hears it) and
 * agent → visitor (conversationReply until the visitor's /ws socket hears the reply). Rounds of messages one at a
 * time; each round's p50/p99, then the median of the rounds with their spread, CPU per message and the load.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { loadPluginPackage } from '@lattice/platform';
import { connectTestBroker, startTestPlatform, subscribeOverWebSocket } from '@lattice/platform/test-kit';
import { startWidgetsService } from '@lattice/widgets';
import { PubSub } from 'graphql-subscriptions';
import { WebSocket } from 'ws';

const rounds = Number(process.env.ROUNDS ?? 5);
const perRound = Number(process.env.PER_ROUND ?? 40);
const load = () => execFileSync('uptime').toString().trim().replace(/^.*load average: /, '');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => value.toFixed(1);

const { broker, kind } = await connectTestBroker('bench-widgets');
const pubsub = new PubSub();
const plugins = await Promise.all(['contacts', 'inbox', 'messenger'].map((name) => loadPluginPackage(name)));
const platform = await startTestPlatform({ plugins, broker, pubsub, healthPollIntervalMs: 100 });
const widgets = await startWidgetsService({ port: 0, broker, pubsub, logger: undefined });
const loadsBefore = load();
try {
  const loader = await (await fetch(`${widgets.url}/messenger.js`)).text();
  const widget = await (await fetch(`${widgets.url}/widget.js`)).text();
  const styles = await (await fetch(`${widgets.url}/widget.css`)).text();
  console.log(`broker: ${kind}`);
  console.log(`messenger.js  ${loader.length} B, ${gzipSync(loader, { level: 9 }).length} B gzip`);
  console.log(`widget.js     ${widget.length} B, ${gzipSync(widget, { level: 9 }).length} B gzip`);
  console.log(`widget.css    ${styles.length} B, ${gzipSync(styles, { level: 9 }).length} B gzip`);

  const created = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
    'mutation { integrationsCreateExternalIntegration(kind: "messenger", name: "Bench", data: {}) { _id } }',
  );
  const integrationId = created.data!.integrationsCreateExternalIntegration._id;
  const changes = subscribeOverWebSocket<{ conversationChanged: { _id: string; content: string } }>(
    `${platform.gatewayUrl}/graphql`,
    { query: 'subscription { conversationChanged { _id content } }' },
    { cookie: platform.authCookie },
  );
  const post = (body: Record<string, unknown>, address: string) =>
    fetch(`${widgets.url}/api/messages?integrationId=${integrationId}`, {
      method: 'POST',
      // Each message as from an address of its own: the per-address limit is not what is measured.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ integrationId, ...body }),
    }).then(async (response) => (await response.json()) as { visitorToken: string; message: { body: string } });
  await changes.untilResult(() => post({ body: 'warm-up' }, '203.0.113.1'));

  const inbound: Array<{ p50: number; p99: number; cpu: number }> = [];
  const outbound: Array<{ p50: number; p99: number; cpu: number }> = [];
  for (let round = 0; round < rounds; round++) {
    // visitor → inbox
    const times: number[] = [];
    let cpu = process.cpuUsage();
    for (let index = 0; index < perRound; index++) {
      const text = `r${round} m${index} ${randomBytes(3).toString('hex')}`;
      const started = performance.now();
      await post({ body: text }, `198.51.100.${(round * perRound + index) % 250}`);
      for (;;) {
        const result = await changes.next(10_000);
        if (result.data?.conversationChanged.content === text) break;
      }
      times.push(performance.now() - started);
    }
    let used = process.cpuUsage(cpu);
    inbound.push({ p50: percentile(times, 50), p99: percentile(times, 99), cpu: (used.user + used.system) / 1000 / perRound });

    // agent → visitor
    const first = await post({ body: `round ${round} visitor` }, '192.0.2.10');
    let conversationId = '';
    while (!conversationId) {
      const result = await changes.next(10_000);
      if (result.data?.conversationChanged.content === `round ${round} visitor`) conversationId = result.data.conversationChanged._id;
    }
    const socket = new WebSocket(`${widgets.url.replace('http', 'ws')}/ws`);
    const heard: Array<(body: string) => void> = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', integrationId, visitorToken: first.visitorToken })));
      socket.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; message?: { from: string; body: string } };
        if (event.type === 'ready') resolve();
        if (event.type === 'message' && event.message?.from === 'agent') heard.shift()?.(event.message.body);
      });
      socket.on('error', reject);
    });
    const replies: number[] = [];
    cpu = process.cpuUsage();
    for (let index = 0; index < perRound; index++) {
      const text = `reply ${round}.${index}`;
      const arrived = new Promise<void>((resolve) => heard.push(() => resolve()));
      const started = performance.now();
      const reply = await platform.graphql('mutation ($id: String!, $text: String!) { conversationReply(conversationId: $id, content: $text) { state } }', { id: conversationId, text });
      if (reply.errors) throw new Error(JSON.stringify(reply.errors));
      await arrived;
      replies.push(performance.now() - started);
    }
    used = process.cpuUsage(cpu);
    outbound.push({ p50: percentile(replies, 50), p99: percentile(replies, 99), cpu: (used.user + used.system) / 1000 / perRound });
    socket.close();
    while (await changes.next(200).then(() => true, () => false));
    console.log(
      `round ${round + 1}: visitor→inbox p50 ${ms(inbound.at(-1)!.p50)} p99 ${ms(inbound.at(-1)!.p99)} ms (${ms(inbound.at(-1)!.cpu)} ms CPU/msg); ` +
        `agent→visitor p50 ${ms(outbound.at(-1)!.p50)} p99 ${ms(outbound.at(-1)!.p99)} ms (${ms(outbound.at(-1)!.cpu)} ms CPU/msg)`,
    );
  }
  const summary = (name: string, rows: typeof inbound) => {
    const spread = (pick: (row: (typeof rows)[number]) => number) => `${ms(median(rows.map(pick)))} (${ms(Math.min(...rows.map(pick)))}–${ms(Math.max(...rows.map(pick)))})`;
    console.log(`${name}: p50 ${spread((row) => row.p50)} ms, p99 ${spread((row) => row.p99)} ms, CPU ${spread((row) => row.cpu)} ms/msg`);
  };
  console.log(`\n${rounds} rounds of ${perRound} messages, median of the rounds (min–max):`);
  summary('visitor→inbox', inbound);
  summary('agent→visitor', outbound);
  console.log(`load average before: ${loadsBefore}; after: ${load()}`);
  await changes.close();
} finally {
  await widgets.stop();
  await platform.stop();
  await broker.close();
}
