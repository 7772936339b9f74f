import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption } from '../command/shared-options.js';

export interface CreateUserArguments {
  config: string;
  dataDir: string;
  email?: string;
  password?: string;
  name?: string;
  role?: string;
}

export const summary = 'add a user (the first owner by default) to the core plugin\'s database';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  email: { type: 'string', valueName: 'address', description: 'the user\'s e-mail address (required)' },
  password: { type: 'string', valueName: 'password', description: 'the user\'s password (required)' },
  name: { type: 'string', valueName: 'name', description: 'the name shown for the user' },
  role: { type: 'string', valueName: 'role', description: 'owner, admin or member (default: owner)' },
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await createUserCommand({ config: values.config, dataDir: values['data-dir'], email: values.email, password: values.password, name: values.name, role: values.role });
}

/** `lattice user:create`: adds a user (the first owner, by default) straight to the core plugin's database. */
export async function createUserCommand(args: CreateUserArguments): Promise<void> {
  if (!args.email || !args.password) throw new Error('user:create needs --email and --password');
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ createUser, loadCoreModels }, { default: mongoose }, { loadConfigs }, { resolveMongo }] = await Promise.all([
    import('@lattice/plugin-core'),
    import('mongoose'),
    import('../config/load-configs.js'),
    import('../platform/resolve-mongo.js'),
  ]);
  const configs = await loadConfigs(resolve(args.config));
  const mongo = await resolveMongo(configs, resolve(args.dataDir));
  const db = mongoose.createConnection(mongo.url, { dbName: 'core' });
  try {
    await db.asPromise();
    const models = loadCoreModels(db);
    await models.User.init();
    const role = (args.role ?? 'owner') as 'owner' | 'admin' | 'member';
    const user = await createUser(models, { email: args.email, password: args.password, name: args.name, role });
    console.log(`created ${user.role} ${user.email}`);
  } finally {
    await db.close();
    await mongo.stop();
  }
}
