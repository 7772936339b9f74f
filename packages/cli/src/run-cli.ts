import type { CommandModule } from './command/command.js';
import { commandListUsage, commandUsage } from './command/usage.js';
import { parseCommandLine } from './command/parse-command-line.js';
import { commandTable } from './command-table.js';
import { exitWithError } from './exit-with-error.js';
import { startRoleTracing } from './role-tracing.js';

async function listUsage(): Promise<string> {
  return commandListUsage(await Promise.all(commandTable.map(async ([name, load]) => [name, await load()] as [string, CommandModule])));
}

/** `lattice <command> [options]`: the command of the table with its own options, or the usage. */
export async function runCli(argv: string[]): Promise<void> {
  try {
    const [name, ...args] = argv;
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      console.log(await listUsage());
      return;
    }
    const load = commandTable.find(([commandName]) => commandName === name)?.[1];
    if (!load) throw new Error(`unknown command "${name}"\n\n${await listUsage()}`);
    const command = await load();
    const input = parseCommandLine(name, command, args);
    if (input === 'help') console.log(commandUsage(name, command));
    else {
      await startRoleTracing(name);
      await command.run(input);
    }
  } catch (error) {
    exitWithError(error);
  }
}
