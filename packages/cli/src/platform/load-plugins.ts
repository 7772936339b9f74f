import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  checkPluginDependencies,
  corePlugin,
  corePluginName,
  loadPluginPackage,
  PluginDependencyError,
  PluginNotFoundError,
  type PlatformPlugin,
} from '@lattice/platform';
import type { PluginDefinition } from '@lattice/plugin-sdk';
import { ConfigError, type ConfigProblem } from '../config/config-error.js';
import type { PluginEntry } from '../config/configs-schema.js';
import { reservedNameReason } from '../create-plugin/plugin-names.js';

const require = createRequire(import.meta.url);

/** A plugin may be UI only (its package `@lattice/ui-plugin-<name>`), with no API part to run. */
function hasUiPackage(name: string): boolean {
  try {
    require.resolve(`@lattice/ui-plugin-${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** The plugins installed here (`@lattice/plugin-<name>`, `@lattice/ui-plugin-<name>`), for a message naming them. */
export function installedPluginNames(): string[] {
  const names = new Set<string>();
  for (const modules of require.resolve.paths('@lattice/plugin-core') ?? []) {
    const scope = join(modules, '@lattice');
    if (!existsSync(scope)) continue;
    for (const entry of readdirSync(scope)) {
      const name = /^(?:ui-)?plugin-([a-z][a-z0-9-]*)$/.exec(entry)?.[1];
      // @lattice/plugin-sdk is the SDK, not a plugin.
      if (name && name !== corePluginName && entry !== 'plugin-sdk') names.add(name);
    }
  }
  return [...names].sort();
}

/** What is wrong with one entry once its API part is loaded (or known to be missing), beside the schema. */
function entryProblems(entry: PluginEntry, index: number, definition: PluginDefinition | undefined): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (entry.ui === 'local' && !hasUiPackage(entry.name)) {
    problems.push({ key: `plugins[${index}].ui`, problem: `is "local", but ${entry.name} has no UI (no package @lattice/ui-plugin-${entry.name}): remove "ui"` });
  }
  for (const variable of Object.keys(entry.extra_env ?? {})) {
    const key = `plugins[${index}].extra_env.${variable}`;
    if (!definition) {
      problems.push({ key, problem: `has nothing to reach: ${entry.name} has no API part running on a server (it is a UI only), so no process would read it` });
    } else if (!definition.env?.[variable]) {
      const reads = Object.keys(definition.env ?? {});
      problems.push({
        key,
        problem: `is not read by the ${entry.name} plugin, so it would be ignored: ${reads.length > 0 ? `it reads ${reads.join(', ')}` : 'it reads no extra_env'} (a plugin declares what it reads in its definition's "env")`,
      });
    }
  }
  return problems;
}

/**
 * Loads each plugin configs.json enables (by package name), with its db_name and extra_env, and refuses a list
 * in which a plugin lacks one it needs (`dependsOn`). Every problem of the list is found before it throws: one
 * ConfigError names them all (unknown plugins with the names that are installed, reserved names, extra_env no
 * plugin reads, `ui: local` without a UI).
 */
export async function loadPlugins(configFile: string, entries: PluginEntry[]): Promise<PlatformPlugin[]> {
  const plugins: PlatformPlugin[] = [];
  const problems: ConfigProblem[] = [];
  const unknown: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = `plugins[${index}].name`;
    if (entry.name === corePluginName) {
      problems.push({ key, problem: `is "${corePluginName}", which is always enabled: remove it from the list` });
      continue;
    }
    const reserved = reservedNameReason(entry.name);
    if (reserved) {
      problems.push({ key, problem: `"${entry.name}" cannot be a plugin name: ${reserved}` });
      continue;
    }
    let definition: PluginDefinition | undefined;
    try {
      definition = await loadPluginPackage(entry.name);
      plugins.push({ definition, dbName: entry.db_name, extraEnv: entry.extra_env });
    } catch (error) {
      if (!(error instanceof PluginNotFoundError)) throw error;
      // A `ui: remote` plugin describes itself from its own server: the host needs no package of it.
      if (entry.ui !== 'remote' && !hasUiPackage(entry.name)) {
        unknown.push(entry.name);
        problems.push({ key, problem: `names a plugin that does not exist: "${entry.name}" (no package @lattice/plugin-${entry.name} or @lattice/ui-plugin-${entry.name})` });
        continue;
      }
    }
    problems.push(...entryProblems(entry, index, definition));
  }
  const installed = `the installed plugins are: ${installedPluginNames().join(', ')}`;
  if (unknown.length === 1) {
    const only = problems.find((problem) => problem.problem.startsWith('names a plugin that does not exist'))!;
    only.problem = `${only.problem}; ${installed}`;
  } else if (unknown.length > 1) {
    problems.push({ key: 'plugins', problem: `names ${unknown.length} unknown plugins (${unknown.join(', ')}); ${installed}` });
  }
  if (problems.length === 0) {
    try {
      checkPluginDependencies([corePlugin, ...plugins.map((plugin) => plugin.definition)]);
    } catch (error) {
      if (error instanceof PluginDependencyError) problems.push({ key: 'plugins', problem: error.message });
      else throw error;
    }
  }
  if (problems.length > 0) throw ConfigError.of(configFile, problems);
  return plugins;
}
