import { parseArgs } from 'node:util';
import { exitWithError } from './exit-with-error.js';

const usage = `Usage: lattice <command> [options]

Commands:
  start       run the whole platform in this process (embedded defaults unless MONGO_URL/RABBITMQ_URL are set)
  dev         the API plus webpack dev servers with hot reload for the shell and every ui: local plugin
  validate    check configs.json and the plugins it names
  user:create add a user: --email E --password P [--name N] [--role owner|admin|member] (default owner)

Options:
  --config <file>     the deployment file (default: configs.json)
  --data-dir <dir>    where the embedded database keeps its files (default: .data)
  --port <n>          the gateway's port (default: LATTICE_GATEWAY_PORT or 3300)
  --dev               dev mode: error details reach the client
`;

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, got "${text}"`);
  return port;
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: 'string', default: 'configs.json' },
        'data-dir': { type: 'string', default: '.data' },
        port: { type: 'string', default: process.env.LATTICE_GATEWAY_PORT ?? '3300' },
        dev: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
      },
    });
    const [command] = positionals;
    if (values.help || !command) {
      console.log(usage);
      return;
    }
    switch (command) {
      case 'start': {
        const { start } = await import('./commands/start.js');
        await start({ config: values.config, dataDir: values['data-dir'], port: parsePort(values.port), dev: values.dev });
        return;
      }
      case 'dev': {
        const { dev } = await import('./commands/dev.js');
        await dev({ config: values.config, dataDir: values['data-dir'], port: parsePort(values.port) });
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
      default:
        throw new Error(`unknown command "${command}"\n\n${usage}`);
    }
  } catch (error) {
    exitWithError(error);
  }
}
