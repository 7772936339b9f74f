import { isIP } from 'node:net';
import { ConfigError } from '../config/config-error.js';

/** True for an address that means "this machine": in a pod, the pod itself, never a data service. */
export function isLoopbackAddress(address: string): boolean {
  const host = address.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.') || host === '0.0.0.0';
  if (isIP(host) === 6) return host === '::1' || host === '::' || /^::ffff:127\./.test(host) || host === '0:0:0:0:0:0:0:1';
  return false;
}

/** Refuses a loopback data-service address for a deployment whose roles run on other machines (Kubernetes). */
export function refuseLoopback(file: string, key: string, address: string): void {
  if (!isLoopbackAddress(address)) return;
  throw new ConfigError(
    file,
    key,
    `is "${address}", a loopback address: in Kubernetes every pod is its own machine, so this would point each pod at itself. Give the address the cluster reaches MongoDB (rs0), RabbitMQ and Redis at (a DNS name)`,
  );
}
