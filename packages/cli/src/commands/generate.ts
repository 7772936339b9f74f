import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption } from '../command/shared-options.js';
import type { ProxiedService } from '../generate/transport-routes.js';
import { transportRoutes } from '../generate/transport-routes.js';
import { parseNginxListen } from '../generate/nginx-listen.js';
import { writeGenerated } from '../generate/write-generated.js';

export interface GenerateArguments {
  config: string;
  /** What to generate: nginx, compose or kubernetes. */
  target: string | undefined;
  out?: string;
  certificate?: string;
  certificateKey?: string;
  /** `service=host:port`, e.g. `gateway=10.0.0.5:3300`. */
  upstreams?: string[];
  /** nginx: where HTTPS listens, `address:port` (default every address, 443). */
  listen?: string;
  /** nginx: where plain HTTP (the redirect) listens, `address:port` (default the HTTPS address, 80). */
  httpListen?: string;
}

export const summary = 'deployment files from configs.json: nginx (the reverse proxy\'s site), compose (one machine), kubernetes';
export const operands = 'nginx|compose|kubernetes';

export const options = {
  config: configOption,
  out: { type: 'string', valueName: 'file', description: 'write here instead of printing' },
  certificate: { type: 'string', valueName: 'file', description: "nginx: the TLS certificate's path" },
  'certificate-key': { type: 'string', valueName: 'file', description: "nginx: the TLS key's path" },
  upstream: { type: 'string', multiple: true, valueName: 'service=host:port', description: 'nginx: where a service runs, e.g. gateway=10.0.0.5:3300' },
  listen: { type: 'string', valueName: 'address:port', description: 'nginx: where HTTPS listens, e.g. 10.0.0.5:443 or [::]:8443 (default: every address, 443)' },
  'http-listen': { type: 'string', valueName: 'address:port', description: "nginx: where the redirect to HTTPS listens (default: --listen's address, 80)" },
} as const;

export async function run({ values, operands }: CommandInput<typeof options>): Promise<void> {
  if (operands.length > 1) throw new Error(`lattice generate takes one target, got ${operands.length}: ${operands.join(' ')}`);
  await generate({
    config: values.config,
    target: operands[0],
    out: values.out,
    certificate: values.certificate,
    certificateKey: values['certificate-key'],
    upstreams: values.upstream,
    listen: values.listen,
    httpListen: values['http-listen'],
  });
}

function parseUpstreams(pairs: string[] = []): Partial<Record<ProxiedService, string>> {
  const services = transportRoutes.map((route) => route.service);
  return Object.fromEntries(
    pairs.map((pair) => {
      const [service = '', address = ''] = pair.split('=', 2);
      if (!services.includes(service as ProxiedService)) {
        throw new Error(`--upstream must be <service>=<host:port> with a service of ${services.join(', ')}, got "${pair}"`);
      }
      return [service, address];
    }),
  );
}

/** `lattice generate <target>`: a deployment file from configs.json, written whole to --out or printed. */
export async function generate(args: GenerateArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ loadConfigs: loadAnyConfigs }, { renderCompose }, { renderKubernetes }, { renderNginxConfig }, { publicOrigin }] = await Promise.all([
    import('../config/load-configs.js'),
    import('../generate/compose-file.js'),
    import('../generate/kubernetes-manifests.js'),
    import('../generate/nginx-config.js'),
    import('../generate/public-origin.js'),
  ]);
  const file = resolve(args.config);
  // Every generated file names the domain: it is checked (a scheme and a host, nothing that could end a block).
  const loadConfigs = async (path: string) => {
    const configs = await loadAnyConfigs(path);
    publicOrigin(path, 'domain', configs.domain);
    if (configs.widgets?.domain) publicOrigin(path, 'widgets.domain', configs.widgets.domain);
    return configs;
  };
  switch (args.target) {
    case 'nginx': {
      const httpsListen = args.listen === undefined ? undefined : parseNginxListen('--listen', args.listen);
      const httpListen = args.httpListen === undefined ? undefined : parseNginxListen('--http-listen', args.httpListen);
      const configs = await loadConfigs(file);
      const text = await renderNginxConfig(configs, {
        file,
        upstreams: parseUpstreams(args.upstreams),
        certificate: args.certificate,
        certificateKey: args.certificateKey,
        httpsListen,
        httpListen,
      });
      await writeGenerated(text, args.out);
      if (args.out) console.error(`wrote ${args.out}: nginx in front of ${configs.domain}`);
      return;
    }
    case 'compose': {
      const configs = await loadConfigs(file);
      await writeGenerated(renderCompose(file, configs), args.out);
      if (args.out) console.error(`wrote ${args.out}: the compose file for ${configs.domain}`);
      return;
    }
    case 'kubernetes': {
      const configs = await loadConfigs(file);
      await writeGenerated(renderKubernetes(file, configs), args.out);
      if (args.out) console.error(`wrote ${args.out}: the Kubernetes manifests for ${configs.domain}`);
      return;
    }
    default:
      throw new Error(`lattice generate needs what to generate: nginx, compose or kubernetes, got ${args.target ? `"${args.target}"` : 'nothing'}`);
  }
}
