import { lookup } from 'node:dns/promises';
import { InputError } from '@lattice/plugin-sdk';
import { isPrivateAddress } from './private-address.js';

/**
 * Resolves a mail host (IMAP or SMTP) and returns the address to connect to, refusing a host that resolves to
 * a loopback, private, link-local or other special-purpose address unless configs.json allows them. Called for
 * every connection, and the connection is made to the address returned (its name kept for TLS), so a name whose
 * DNS answer changes after the check cannot lead the connection elsewhere. Every address the name resolves to
 * counts: a name that answers one public and one private address is refused.
 */
export async function resolveMailHost(field: string, host: string, allowPrivateHosts: boolean): Promise<string> {
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new InputError(`The ${field} ${host} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`);
  }
  const first = addresses[0];
  if (!first) throw new InputError(`The ${field} ${host} cannot be resolved (no address)`);
  if (!allowPrivateHosts && addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new InputError(
      `The ${field} ${host} is a loopback, private, link-local or other special-purpose address; this platform does not ` +
        'connect to those (development and test configurations may set IMAP_ALLOW_PRIVATE_HOSTS to "true"; production refuses it)',
    );
  }
  return first.address;
}

/** Refuses a mail host as `resolveMailHost` does, when an integration is created or changed. */
export async function checkMailHost(field: string, host: string, allowPrivateHosts: boolean): Promise<void> {
  await resolveMailHost(field, host, allowPrivateHosts);
}
