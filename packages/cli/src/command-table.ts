import type { CommandModule } from './command/command.js';

/**
 * Every `lattice` command, in the order `lattice --help` lists them. Each is one file in `commands/`, loaded
 * only when that command runs (or the command list is printed). Adding a command: its file and one line here.
 */
export const commandTable: ReadonlyArray<readonly [name: string, load: () => Promise<CommandModule>]> = [
  ['start', () => import('./commands/start.js')],
  ['dev', () => import('./commands/dev.js')],
  ['validate', () => import('./commands/validate.js')],
  ['user:create', () => import('./commands/create-user.js')],
  ['create-plugin', () => import('./commands/create-plugin.js')],
  ['generate', () => import('./commands/generate.js')],
  ['host', () => import('./commands/host.js')],
  ['gateway', () => import('./commands/gateway.js')],
  ['frontend', () => import('./commands/frontend.js')],
  ['widgets', () => import('./commands/widgets.js')],
  ['dashboard-api', () => import('./commands/dashboard-api.js')],
  ['dashboard-front', () => import('./commands/dashboard-front.js')],
  ['db', () => import('./commands/db.js')],
  ['backup', () => import('./commands/backup.js')],
  ['restore', () => import('./commands/restore.js')],
  ['search-engine', () => import('./commands/search-engine.js')],
  ['essyncer', () => import('./commands/essyncer.js')],
];
