import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { createPlugin, type CreatedPlugin } from '../create-plugin/create-plugin.js';
import { findLatticeCheckout } from '../create-plugin/lattice-checkout.js';

export const summary = 'write api-plugins/<name> and ui-plugins/<name> and enable the plugin in configs.json';
export const operands = '<name>';
export const details = `Writes an API plugin (api-plugins/<name>: a GraphQL query and mutation over a mongoose model, with a test)
and a UI remote (ui-plugins/<name>: a page running that query, a menu entry), each with a README, and adds
the plugin to configs.json. Run it inside a Lattice checkout; it never overwrites a folder.`;

export const options = {
  integration: { type: 'boolean', default: false, description: 'the API plugin is an inbox integration (depends on inbox and contacts, POST /receive)' },
  'api-only': { type: 'boolean', default: false, description: 'only the API plugin' },
  'ui-only': { type: 'boolean', default: false, description: 'only the UI remote' },
} as const;

/** The front-end's address from configs.json's `domain`, for the page's URL in the next steps. */
function frontEndUrl(root: string): string {
  try {
    const { domain } = JSON.parse(readFileSync(join(root, 'configs.json'), 'utf8')) as { domain?: unknown };
    if (typeof domain === 'string' && /^https?:\/\//.test(domain)) return domain.replace(/\/$/, '');
  } catch {
    // No readable configs.json: the default address.
  }
  return 'http://localhost:3000';
}

function report(root: string, created: CreatedPlugin): string {
  const { name, camel, title } = created.names;
  const lines = [`Created the plugin "${name}" in ${root}:`];
  if (created.api) lines.push(`  ${created.api.folder}/  ${created.api.packageName}: query ${camel}Items, mutation ${camel}ItemsAdd (${created.api.files.length} files, README.md)`);
  if (created.ui) lines.push(`  ${created.ui.folder}/  ${created.ui.packageName}: the page /${name}/ with the menu entry "${title}" (${created.ui.files.length} files, README.md)`);
  const entry = `{ ${Object.entries(created.entry).map(([key, value]) => `"${key}": "${value}"`).join(', ')} }`;
  if (created.configs.added) lines.push(`  configs.json: added ${entry} to "plugins"`);
  else lines.push(`  configs.json was not changed (${created.configs.why}): add ${entry} to its "plugins"`);
  if (created.missingDependencies.length > 0) {
    lines.push(`  configs.json does not enable ${created.missingDependencies.join(' and ')}, which this integration needs: add ${created.missingDependencies.map((dependency) => `{ "name": "${dependency}" }`).join(' and ')}`);
  }
  const packages = [created.api?.packageName, created.ui?.packageName].filter(Boolean).map((packageName) => `-w ${packageName}`).join(' ');
  lines.push(
    '',
    'Next:',
    `  npm install        links the new packages into node_modules (the platform finds plugins there by name)`,
    `  npm start          builds everything and starts the platform`,
  );
  if (created.ui) lines.push(`  then open ${frontEndUrl(root)}/${name}/ (log in; the menu entry "${title}" leads there)`);
  else lines.push(`  then query it at http://localhost:3300/graphql, e.g. { ${camel}Items { _id name } } (logged in)`);
  lines.push(`  npm test ${packages}   the generated tests`);
  return lines.join('\n');
}

/** `lattice create-plugin <name> [--integration] [--api-only | --ui-only]`. */
export async function run({ values, operands }: CommandInput<typeof options>): Promise<void> {
  if (operands.length > 1) throw new Error(`create-plugin takes one name, got ${operands.length}: ${operands.join(' ')}`);
  const root = findLatticeCheckout(process.cwd());
  const created = await createPlugin({
    root,
    name: operands[0],
    api: !values['ui-only'],
    ui: !values['api-only'],
    integration: values.integration,
  });
  console.log(report(root, created));
}
