import { isProductionDeployment } from '@lattice/contracts';
import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';

const bytesPerMegabyte = 1024 * 1024;
export const defaultReceiveLimitMegabytes = 25;

const flag = z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).transform((value) => value === 'true');

/** The imap plugin's settings: its configs.json `extra_env` (laid over the process environment). */
const imapEnvSchema = z.object({
  IMAP_RECEIVE_LIMIT_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive('must be more than 0')
    .max(1_024, 'must be at most 1024')
    .default(defaultReceiveLimitMegabytes),
  IMAP_ALLOW_PRIVATE_HOSTS: flag.optional(),
});

export interface ImapConfig {
  /** The largest POST /receive body read; a larger one is answered 413 before it is parsed. */
  receiveLimitBytes: number;
  /** Whether IMAP and SMTP hosts may resolve to loopback, private or link-local addresses. */
  allowPrivateHosts: boolean;
}

/**
 * Reads the plugin's settings once, at start-up; a bad value stops the plugin with the setting's name. Private
 * hosts are always refused in a production deployment (`IMAP_ALLOW_PRIVATE_HOSTS` "true" stops the plugin there,
 * naming it), which is the operator's NODE_ENV=production, not the one the CLI sets for the libraries' sake;
 * elsewhere (development, tests) they are allowed unless `IMAP_ALLOW_PRIVATE_HOSTS` is "false", as the local
 * mail servers there run on 127.0.0.1.
 */
export function readImapConfig(env: Readonly<Record<string, string | undefined>>): ImapConfig {
  const result = imapEnvSchema.safeParse(env);
  if (!result.success) throw new InputError(`The imap plugin's configs.json extra_env is not usable: ${z.prettifyError(result.error)}`);
  const { IMAP_RECEIVE_LIMIT_MB, IMAP_ALLOW_PRIVATE_HOSTS } = result.data;
  const production = isProductionDeployment(env);
  if (production && IMAP_ALLOW_PRIVATE_HOSTS === true) {
    throw new InputError(
      'IMAP_ALLOW_PRIVATE_HOSTS is for development and tests only; production refuses it (it would let mail hosts reach loopback and private addresses): remove it from the imap plugin\'s extra_env',
    );
  }
  return {
    receiveLimitBytes: Math.floor(IMAP_RECEIVE_LIMIT_MB * bytesPerMegabyte),
    allowPrivateHosts: IMAP_ALLOW_PRIVATE_HOSTS ?? !production,
  };
}
