import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface TestCertificate {
  certificate: string;
  certificateKey: string;
  /** The PEM text, which clients trust as their only authority. */
  pem: string;
}

/** A self-signed certificate for `names`, made now with openssl (days: 1). */
export async function makeCertificate(dir: string, names: string[]): Promise<TestCertificate> {
  const certificate = join(dir, 'fullchain.pem');
  const certificateKey = join(dir, 'privkey.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
    '-keyout', certificateKey, '-out', certificate,
    '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`,
  ]);
  return { certificate, certificateKey, pem: await readFile(certificate, 'utf8') };
}

/** Every name resolves to 127.0.0.1, so a test reaches nginx by the public name it serves, SNI included. */
export const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};
