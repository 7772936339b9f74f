import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const builds: Array<[workspace: string, output: string]> = [
  ['@lattice/ui-sdk', 'packages/ui-sdk/dist/webpack/index.js'],
  ['@lattice/ui-shell', 'ui-shell/dist/public/index.html'],
  ['@lattice/ui-plugin-contacts', 'ui-plugins/contacts/dist/ui-plugin.json'],
  ['@lattice/ui-plugin-documents', 'ui-plugins/documents/dist/ui-plugin.json'],
  ['@lattice/ui-plugin-fixture', 'ui-plugins/fixture/dist/ui-plugin.json'],
  ['@lattice/ui-plugin-inbox', 'ui-plugins/inbox/dist/ui-plugin.json'],
  ['@lattice/ui-plugin-imap', 'ui-plugins/imap/dist/ui-plugin.json'],
  ['@lattice/ui-plugin-messenger', 'ui-plugins/messenger/dist/ui-plugin.json'],
  ['@lattice/dashboard-front', 'packages/dashboard-front/dist/public/index.html'],
];

/** Builds the shell and the remotes the tests load when turbo has not already (e.g. `node --test` alone). */
export function ensureUiBuilt(): void {
  for (const [workspace, output] of builds) {
    if (!existsSync(`${root}${output}`)) execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  }
}
