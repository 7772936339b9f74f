import { parseArgs } from 'node:util';
import { exitWithError } from './exit-with-error.js';

const usage = `Usage: lattice <command> [options]

Commands:
  start       run the whole platform in this process (embedded defaults unless MONGO_URL/RABBITMQ_URL are set)
  dev         the API plus webpack dev servers with hot reload for the shell and every ui: local plugin
  validate    check configs.json, the plugins it names and the UI configs the shell would load
  user:create add a user: --email E --password P [--name N] [--role owner|admin|member] (default owner)
  create-plugin <name>  write api-plugins/<name> and ui-plugins/<name> and enable it [--integration] [--api-only|--ui-only]
  generate nginx  the reverse proxy's site from configs.json [--out file] [--certificate f --certificate-key f] [--upstream gateway=host:port]
  generate compose  a compose file for one machine from configs.json (secrets from it as environment) [--out file]
  generate kubernetes  Deployments, Services, autoscalers, ConfigMap, Secret and Ingress from configs.json [--out file]

Services mode, one role per process (needs RabbitMQ, Redis and MongoDB: RABBITMQ_URL, REDIS_URL, MONGO_URL):
  host <plugin…>  run these plugin hosts (port: --port or PORT, default 4000; each next plugin the next port)
  gateway         the gateway (--port, default 3300) and the integrations ingress (--integrations-port, 3400);
                  plugin hosts from LATTICE_PLUGIN_URLS="core=http://h:4000;documents=http://a:4001,http://b:4001"
                  and/or LATTICE_PLUGIN_URL_TEMPLATE="http://plugin-{name}-api:4000"
  frontend        the UI (--port, default 3000), proxying /gateway/ to LATTICE_GATEWAY_URL (default http://127.0.0.1:3300)
  db              the embedded MongoDB-compatible server alone (--port, default 27017; data in --data-dir)

Options:
  --config <file>     the deployment file (default: configs.json)
  --data-dir <dir>    where the embedded database keeps its files (default: .data)
  --port <n>          the command's port (start, dev, gateway: LATTICE_GATEWAY_PORT or 3300)
  --host <address>    the interface to listen on (default: LATTICE_LISTEN_HOST or 127.0.0.1)
  --dev               dev mode: introspection on, GraphiQL in a browser at /graphql, error details reach the client
`;

function parsePort(text: string, option = '--port'): number {
  const port = Number(text);
  if (text.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${option} must be a port number, got "${text}"`);
  return port;
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    if (argv[0] === 'create-plugin') return await (await import('./commands/create-plugin.js')).createPluginCommand(argv.slice(1));
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: 'string', default: 'configs.json' },
        'data-dir': { type: 'string', default: '.data' },
        port: { type: 'string' },
        host: { type: 'string', default: process.env.LATTICE_LISTEN_HOST },
        'integrations-port': { type: 'string', default: process.env.LATTICE_INTEGRATIONS_PORT ?? '3400' },
        'gateway-url': { type: 'string', default: process.env.LATTICE_GATEWAY_URL ?? 'http://127.0.0.1:3300' },
        dev: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        out: { type: 'string' },
        certificate: { type: 'string' },
        'certificate-key': { type: 'string' },
        upstream: { type: 'string', multiple: true },
      },
    });
    const [command, ...operands] = positionals;
    const portOr = (fallback: string | undefined) => parsePort(values.port ?? fallback ?? '');
    const gatewayPort = () => portOr(process.env.LATTICE_GATEWAY_PORT ?? '3300');
    if (values.help || !command) {
      console.log(usage);
      return;
    }
    switch (command) {
      case 'start': {
        const { start } = await import('./commands/start.js');
        await start({ config: values.config, dataDir: values['data-dir'], port: gatewayPort(), host: values.host, dev: values.dev });
        return;
      }
      case 'dev': {
        const { dev } = await import('./commands/dev.js');
        await dev({ config: values.config, dataDir: values['data-dir'], port: gatewayPort() });
        return;
      }
      case 'validate': {
        const { validate } = await import('./commands/validate.js');
        await validate({ config: values.config });
        return;
      }
      case 'user:create': {
        const { createUserCommand } = await import('./commands/create-user.js');
        await createUserCommand({
          config: values.config,
          dataDir: values['data-dir'],
          email: values.email,
          password: values.password,
          name: values.name,
          role: values.role,
        });
        return;
      }
      case 'host': {
        const { host } = await import('./commands/host.js');
        await host({ config: values.config, dataDir: values['data-dir'], plugins: operands, port: portOr(process.env.PORT ?? '4000'), host: values.host, dev: values.dev });
        return;
      }
      case 'gateway': {
        const { gateway } = await import('./commands/gateway.js');
        await gateway({
          config: values.config,
          dataDir: values['data-dir'],
          port: gatewayPort(),
          integrationsPort: parsePort(values['integrations-port'], '--integrations-port'),
          host: values.host,
          dev: values.dev,
        });
        return;
      }
      case 'frontend': {
        const { frontend } = await import('./commands/frontend.js');
        await frontend({ config: values.config, port: portOr('3000'), host: values.host, gatewayUrl: values['gateway-url'] });
        return;
      }
      case 'db': {
        const { db } = await import('./commands/db.js');
        await db({ dataDir: values['data-dir'], port: portOr('27017'), host: values.host });
        return;
      }
      case 'generate': {
        const { generate } = await import('./commands/generate.js');
        await generate({
          config: values.config,
          target: operands[0],
          out: values.out,
          certificate: values.certificate,
          certificateKey: values['certificate-key'],
          upstreams: values.upstream,
        });
        return;
      }
      default:
        throw new Error(`unknown command "${command}"\n\n${usage}`);
    }
  } catch (error) {
    exitWithError(error);
  }
}
