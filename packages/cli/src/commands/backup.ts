import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption } from '../command/shared-options.js';

export const summary = "write every database of configs.json's plugins (core, each plugin's db_name, logs) to a backup directory";

export const details =
  'Reads MONGO_URL or db_server_address when set, else the embedded database in --data-dir (stop `lattice start` first, or run `lattice db` and set MONGO_URL). ' +
  'The directory holds one folder per database, one NDJSON file per collection (canonical Extended JSON), its indexes and a manifest with checksums. See docs/deploy.md "Backups".';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  out: { type: 'string', valueName: 'dir', description: 'the new directory to write the backup into (required; must not exist or be empty)' },
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  if (!values.out) throw new Error('lattice backup needs --out <dir>');
  await backup({ config: values.config, dataDir: values['data-dir'], out: values.out });
}

/** `lattice backup`: every database the deployment's plugins use, written by `writeBackup`. */
export async function backup(args: { config: string; dataDir: string; out: string }): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ loadConfigs }, { backupDatabases }, { writeBackup }, { withDeploymentClient }] = await Promise.all([
    import('../config/load-configs.js'),
    import('../backup/backup-databases.js'),
    import('../backup/write-backup.js'),
    import('../backup/with-deployment-client.js'),
  ]);
  const configFile = resolve(args.config);
  const configs = await loadConfigs(configFile);
  const databases = await backupDatabases(configFile, configs);
  const out = resolve(args.out);
  const manifest = await withDeploymentClient(configs, resolve(args.dataDir), async (client, description) => {
    console.log(`Backing up ${databases.join(', ')} from ${description.replace(/^MongoDB\s+/, '')}`);
    return writeBackup({ client, databases, plugins: configs.plugins.map((plugin) => plugin.name), out, log: (line) => console.log(`  ${line}`) });
  });
  const documents = manifest.databases.reduce((sum, database) => sum + database.collections.reduce((inner, collection) => inner + collection.count, 0), 0);
  console.log(`Backup written to ${out}: ${manifest.databases.length} databases, ${documents} documents`);
}
