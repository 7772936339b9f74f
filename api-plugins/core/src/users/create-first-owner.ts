import type { Logger } from 'pino';
import { z } from 'zod';
import type { CoreModels } from '../models/load-models.js';
import { createUser } from './create-user.js';

const ownerEnv = z.object({
  LATTICE_OWNER_EMAIL: z.string().min(1).optional(),
  LATTICE_OWNER_PASSWORD: z.string().min(1).optional(),
});

/**
 * On first start only (no users yet), LATTICE_OWNER_EMAIL / LATTICE_OWNER_PASSWORD create the first owner.
 * Later starts leave users alone, whatever the environment says.
 */
export async function createFirstOwner(models: CoreModels, env: Readonly<Record<string, string | undefined>>, debug: Logger) {
  if ((await models.User.estimatedDocumentCount()) > 0) return;
  const { LATTICE_OWNER_EMAIL: email, LATTICE_OWNER_PASSWORD: password } = ownerEnv.parse(env);
  if (!email || !password) {
    debug.warn('no users yet: set LATTICE_OWNER_EMAIL and LATTICE_OWNER_PASSWORD, or run `lattice user:create`, to create the first owner');
    return;
  }
  const owner = await createUser(models, { email, password, role: 'owner', name: 'Owner' });
  debug.info({ email: owner.email }, 'created the first owner from LATTICE_OWNER_EMAIL');
}
