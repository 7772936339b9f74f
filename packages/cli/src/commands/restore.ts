import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption } from '../command/shared-options.js';

export const summary = 'restore a `lattice backup` directory into the deployment\'s database (empty, or replaced with --drop)';

export const details =
  'Checks the manifest and every checksum, and that the target databases hold no documents (unless --drop), before writing anything; ' +
  'then recreates each collection with its indexes and inserts its documents in batches. Writes to MONGO_URL or db_server_address when set, else the embedded database in --data-dir (with `lattice start` stopped).';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  from: { type: 'string', valueName: 'dir', description: 'the backup directory (required)' },
  drop: { type: 'boolean', default: false, description: 'drop each database of the backup before restoring it' },
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  if (!values.from) throw new Error('lattice restore needs --from <dir>');
  await restore({ config: values.config, dataDir: values['data-dir'], from: values.from, drop: values.drop });
}

/** `lattice restore`: a backup of `lattice backup` put back by `restoreBackup`. */
export async function restore(args: { config: string; dataDir: string; from: string; drop?: boolean }): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ loadConfigs }, { restoreBackup }, { withDeploymentClient }] = await Promise.all([
    import('../config/load-configs.js'),
    import('../backup/restore-backup.js'),
    import('../backup/with-deployment-client.js'),
  ]);
  const configs = await loadConfigs(resolve(args.config));
  const from = resolve(args.from);
  const { manifest, restored } = await withDeploymentClient(configs, resolve(args.dataDir), async (client, description) => {
    console.log(`Restoring ${from} into ${description.replace(/^MongoDB\s+/, '')}`);
    return restoreBackup({ client, from, drop: args.drop, log: (line) => console.log(`  ${line}`) });
  });
  const documents = restored.reduce((sum, entry) => sum + entry.count, 0);
  console.log(`Restored ${restored.length} collections of ${manifest.databases.length} databases, ${documents} documents (backup of ${manifest.createdAt})`);
  const missing = configs.plugins.map((plugin) => plugin.name).filter((name) => !manifest.plugins.includes(name));
  if (missing.length > 0) console.log(`Not in this backup (enabled in configs.json since): ${missing.join(', ')}`);
}
