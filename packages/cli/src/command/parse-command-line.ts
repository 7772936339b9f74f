import { parseArgs } from 'node:util';
import type { CommandInput, CommandModule, CommandOptions } from './command.js';

function isParseError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

function optionList(options: CommandOptions): string {
  const names = Object.keys(options).map((name) => `--${name}`);
  return names.length > 0 ? `it takes ${names.join(', ')}` : 'it takes none';
}

/**
 * The words after `lattice <name>` read by the command's own options: an option it does not take, a missing
 * value or operands it does not take are refused, naming them. `'help'` when --help (or -h) was given.
 */
export function parseCommandLine(name: string, command: CommandModule, args: string[]): CommandInput<CommandOptions> | 'help' {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    if (!isParseError(error)) throw error;
    const unknown = /^Unknown option '([^']+)'/.exec(error.message)?.[1];
    if (unknown) throw new Error(`${name} does not take the option ${unknown} (${optionList(command.options)}; \`lattice ${name} --help\` says more)`, { cause: error });
    throw new Error(`${name}: ${error.message.replace(/\.$/, '')} (\`lattice ${name} --help\` says more)`, { cause: error });
  }
  if (parsed.values.help) return 'help';
  if (!command.operands && parsed.positionals.length > 0) {
    throw new Error(`${name} takes no arguments, got ${parsed.positionals.map((word) => `"${word}"`).join(' ')}`);
  }
  const { help: _help, ...values } = parsed.values;
  return { values: values as CommandInput<CommandOptions>['values'], operands: parsed.positionals };
}
