import { join, resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { dataDirOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';

export const summary = 'services mode: the embedded search engine alone (data in --data-dir/search), for one machine without OpenSearch';

export const options = {
  'data-dir': dataDirOption,
  port: portOption('the port (default: 9200)'),
  host: hostOption,
};

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  const { startSearchEngine } = await import('@lattice/search-engine');
  const dataDir = join(resolve(values['data-dir']), 'search');
  const engine = await startSearchEngine({ dataDir, port: parsePort(values.port ?? '9200'), host: listenHost(values.host) ?? '127.0.0.1' });
  console.log(`Lattice search engine is ready\n  Search       ${engine.url} (embedded, data in ${dataDir})\nSet ELASTICSEARCH_URL=${engine.url} for \`lattice host search\` and \`lattice essyncer\`.`);
  stopOnSignal('search-engine', () => engine.stop());
}
