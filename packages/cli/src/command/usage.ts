import type { CommandModule, CommandOption } from './command.js';

const helpOption: CommandOption = { type: 'boolean', short: 'h', description: 'print this help' };

function optionColumn(name: string, option: CommandOption): string {
  const short = option.short ? `-${option.short}, ` : '';
  const value = option.type === 'string' ? ` <${option.valueName ?? 'value'}>` : '';
  return `${short}--${name}${value}`;
}

function optionDescription(option: CommandOption): string {
  const repeat = option.multiple ? ' (may be repeated)' : '';
  const fallback = option.default === undefined || option.default === false ? '' : ` (default: ${String(option.default)})`;
  return `${option.description}${repeat}${fallback}`;
}

function table(rows: Array<[string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** `lattice --help`: every command of the table with its summary. */
export function commandListUsage(commands: Array<[string, CommandModule]>): string {
  return [
    'Usage: lattice <command> [options]',
    '',
    'Commands:',
    ...table(commands.map(([name, command]) => [command.operands ? `${name} ${command.operands}` : name, command.summary])),
    '',
    'Services mode runs one role per process (host, gateway, frontend, db) and needs RabbitMQ, Redis and MongoDB',
    '(RABBITMQ_URL, REDIS_URL, MONGO_URL). `lattice <command> --help` lists a command\'s options.',
  ].join('\n');
}

/** `lattice <command> --help`: the command's summary, details and every option it takes. */
export function commandUsage(name: string, command: CommandModule): string {
  const options = Object.entries({ ...command.options, help: helpOption });
  return [
    `Usage: lattice ${name}${command.operands ? ` ${command.operands}` : ''}${options.length > 1 ? ' [options]' : ''}`,
    '',
    command.summary,
    ...(command.details ? ['', command.details] : []),
    '',
    'Options:',
    ...table(options.map(([optionName, option]) => [optionColumn(optionName, option), optionDescription(option)])),
  ].join('\n');
}
