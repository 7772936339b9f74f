import { lookup } from 'node:dns/promises';
import { InputError } from '@lattice/plugin-sdk';
import { isPrivateAddress } from './private-address.js';

/**
 * Refuses a mail host (IMAP or SMTP) that resolves to a loopback, private or link-local address, unless
 * configs.json allows them. Every address the name resolves to counts: a name that answers one public and
 * one private address would otherwise reach the private one on some connection.
 */
export async function checkMailHost(field: string, host: string, allowPrivateHosts: boolean): Promise<void> {
  if (allowPrivateHosts) return;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new InputError(`The ${field} ${host} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`);
  }
  if (addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new InputError(
      `The ${field} ${host} is a loopback, private or link-local address; this platform does not connect to those ` +
        '(set IMAP_ALLOW_PRIVATE_HOSTS to "true" in the imap plugin\'s extra_env in configs.json to allow them)',
    );
  }
}
