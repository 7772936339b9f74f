import { resolve } from 'node:path';
import { createUser, loadCoreModels } from '@lattice/plugin-core';
import mongoose from 'mongoose';
import { loadConfigs } from '../config/load-configs.js';
import { resolveMongo } from '../platform/resolve-mongo.js';

export interface CreateUserArguments {
  config: string;
  dataDir: string;
  email?: string;
  password?: string;
  name?: string;
  role?: string;
}

/** `lattice user:create`: adds a user (the first owner, by default) straight to the core plugin's database. */
export async function createUserCommand(args: CreateUserArguments): Promise<void> {
  if (!args.email || !args.password) throw new Error('user:create needs --email and --password');
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
