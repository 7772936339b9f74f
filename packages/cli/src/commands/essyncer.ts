import { createServer } from 'node:http';
import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';
import { limitedServerOptions } from '@lattice/contracts';

export const summary = 'services mode: the database-to-search synchroniser (MONGO_URL and ELASTICSEARCH_URL; health on --port)';

export const options = {
  config: configOption,
  port: portOption('the port of /health/live and /health/ready (default: PORT or 4500)'),
  host: hostOption,
};

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await essyncer({ config: values.config, port: parsePort(values.port ?? process.env.PORT ?? '4500'), host: listenHost(values.host) });
}

/**
 * `lattice essyncer`: follows every enabled plugin's declared collections (change streams on MongoDB) into the
 * search engine, as `npm start` does in its own process. Run one per deployment: two would write the same changes.
 */
export async function essyncer(args: { config: string; port: number; host?: string }): Promise<void> {
  const [{ createLogger }, { loadConfigs }, { loadPlugins }, { declaredSearches, requireSearchUrl }, { requireServiceUrls, serviceUrls }, { createSearchClient, startEssyncer }] = await Promise.all([
    import('@lattice/platform'),
    import('../config/load-configs.js'),
    import('../platform/load-plugins.js'),
    import('../platform/resolve-search.js'),
    import('../services/service-urls.js'),
    import('@lattice/search'),
  ]);
  const configFile = resolve(args.config);
  const configs = await loadConfigs(configFile);
  if (!configs.essyncer) throw new Error(`lattice essyncer: ${configFile} does not enable it (add "essyncer": {} and "elasticsearch": {})`);
  const { mongo } = requireServiceUrls('essyncer', serviceUrls(configs), ['mongo']);
  const search = createSearchClient(requireSearchUrl(configs, 'essyncer'));
  const logger = createLogger('lattice-essyncer');
  const declared = declaredSearches(await loadPlugins(configFile, configs.plugins));
  const running = await startEssyncer({
    mongoUrl: mongo,
    search,
    declarations: declared,
    log: { info: (message) => logger.info(message), error: (message) => logger.error(message) },
  });
  let ready = true;
  const health = createServer(limitedServerOptions(), (request, response) => {
    const ok = request.url === '/health/live' || ((request.url === '/health/ready' || request.url === '/health') && ready);
    response.writeHead(ok ? 200 : request.url?.startsWith('/health') ? 503 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable' }));
  });
  await new Promise<void>((done) => health.listen(args.port, args.host ?? '127.0.0.1', done));
  console.log(`Lattice essyncer is ready\n  Following    ${running.indexes.join(', ')}\n  Health       http://${args.host ?? '127.0.0.1'}:${args.port}/health/ready`);
  stopOnSignal('essyncer', async () => {
    ready = false;
    await running.stop();
    await search.close();
    await new Promise<void>((done) => health.close(() => done()));
  });
}
