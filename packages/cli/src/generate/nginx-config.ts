import { readFile } from 'node:fs/promises';
import type { Configs } from '../config/configs-schema.js';
import { nginxListenValue, type NginxListen } from './nginx-listen.js';
import { publicOrigin } from './public-origin.js';
import { forwardedHeaders, transportRoutes, type ProxiedService, type TransportRoute } from './transport-routes.js';

const templateFile = new URL(import.meta.resolve('@lattice/nginx/lattice.conf.template'));

export interface NginxOptions {
  /** configs.json's path, for messages. */
  file: string;
  /** `host:port` of each service; default `127.0.0.1:<SPEC.md port>`, nginx on the same machine. */
  upstreams?: Partial<Record<ProxiedService, string>>;
  /** Default: Let's Encrypt's layout, /etc/letsencrypt/live/<host>/fullchain.pem and privkey.pem. */
  certificate?: string;
  certificateKey?: string;
  /** Where the HTTPS site listens (`--listen`); default every address, port 443. */
  httpsListen?: NginxListen;
  /** Where plain HTTP (the redirect to HTTPS) listens (`--http-listen`); default the HTTPS address, port 80. */
  httpListen?: NginxListen;
}

const upstreamName = (service: ProxiedService) => `lattice_${service.replace('-', '_')}`;

function upstreamBlock(service: ProxiedService, address: string): string {
  if (!/^[\w.-]+:\d{1,5}$|^\[[\d:a-f]+\]:\d{1,5}$/i.test(address)) {
    throw new Error(`the upstream of ${service} must be host:port, got "${address}"`);
  }
  return `upstream ${upstreamName(service)} {\n    server ${address};\n    keepalive 16;\n}`;
}

function locationBlock(route: TransportRoute): string {
  const stripped = route.prefix !== '/';
  const lines = [
    `proxy_pass http://${upstreamName(route.service)}${stripped ? '/' : ''};`,
    'proxy_http_version 1.1;',
    ...forwardedHeaders.map(([header, value]) => `proxy_set_header ${header} ${value};`),
    ...(stripped ? [`proxy_set_header X-Forwarded-Prefix ${route.prefix.replace(/\/$/, '')};`] : []),
    ...(route.upgrade
      ? ['proxy_set_header Upgrade $http_upgrade;', 'proxy_set_header Connection $connection_upgrade;', 'proxy_read_timeout 1h;']
      : ['proxy_set_header Connection "";']),
    ...(route.unbuffered ? ['proxy_buffering off;'] : []),
  ];
  return `    location ${route.prefix} {\n${lines.map((line) => `        ${line}`).join('\n')}\n    }`;
}

/** What a path or an address written into nginx may hold: nothing that ends a directive or starts a variable. */
const plainNginxValue = /^[\w./:@[\]-]+$/;

function upstreamOptions(upstreams: NginxOptions['upstreams']): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(upstreams ?? {}).map(([service, address]) => [`--upstream ${service}`, address]));
}

/** The nginx site (http context) for configs.json: SPEC.md's prefixes behind TLS. Throws before anything is written. */
export async function renderNginxConfig(configs: Configs, options: NginxOptions): Promise<string> {
  const site = publicOrigin(options.file, 'domain', configs.domain);
  const widgets = configs.widgets?.domain ? publicOrigin(options.file, 'widgets.domain', configs.widgets.domain) : undefined;
  const httpsListen = options.httpsListen ?? { port: 443 };
  const httpListen = options.httpListen ?? { address: httpsListen.address, port: 80 };
  if (nginxListenValue(httpListen) === nginxListenValue(httpsListen)) {
    throw new Error(`HTTPS (--listen) and the plain-HTTP redirect (--http-listen) cannot share one address and port: ${nginxListenValue(httpsListen)}`);
  }
  const upstreams = transportRoutes.map((route) =>
    upstreamBlock(route.service, options.upstreams?.[route.service] ?? `127.0.0.1:${route.port}`),
  );
  let locations = transportRoutes.map(locationBlock);
  // A widgets service on a name of its own is served at that name's root, as it is under /widgets/ on the site.
  const serverNames = [site.hostname];
  if (widgets && widgets.hostname !== site.hostname) serverNames.push(widgets.hostname);
  if (widgets && serverNames.length > 1) {
    locations = [`    if ($host = ${widgets.hostname}) {\n        rewrite ^/(?!widgets/)(.*)$ /widgets/$1 last;\n    }`, ...locations];
  }
  for (const [key, value] of Object.entries({ '--certificate': options.certificate, '--certificate-key': options.certificateKey, ...upstreamOptions(options.upstreams) })) {
    if (value !== undefined && !plainNginxValue.test(value)) throw new Error(`${key} must be a plain path or address (no spaces, quotes, ; { } or $), got "${value}"`);
  }
  const values: Record<string, string> = {
    origin: site.origin,
    upstreams: upstreams.join('\n\n'),
    http_listen: nginxListenValue(httpListen),
    https_listen: nginxListenValue(httpsListen),
    https_port_suffix: httpsListen.port === 443 ? '' : `:${httpsListen.port}`,
    server_name: serverNames.join(' '),
    certificate: options.certificate ?? `/etc/letsencrypt/live/${site.hostname}/fullchain.pem`,
    certificate_key: options.certificateKey ?? `/etc/letsencrypt/live/${site.hostname}/privkey.pem`,
    locations: locations.join('\n\n'),
  };
  const template = await readFile(templateFile, 'utf8');
  return template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`nginx/lattice.conf.template names {{${key}}}, which the generator does not know`);
    return value;
  });
}
