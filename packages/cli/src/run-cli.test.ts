import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { parseCommandLine } from './command/parse-command-line.js';
import { commandListUsage, commandUsage } from './command/usage.js';
import { commandTable } from './command-table.js';
import { latticeCommand } from './test-kit/role-process.js';

async function loadAll() {
  return Promise.all(commandTable.map(async ([name, load]) => ({ name, command: await load() })));
}

function lattice(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { command, args: argv } = latticeCommand(args);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('the lattice command table', () => {
  it('every command file exports a summary, its options with a description each, and run', async () => {
    const commands = await loadAll();
    assert.deepEqual(
      commands.map(({ name }) => name),
      ['start', 'dev', 'validate', 'user:create', 'create-plugin', 'generate', 'host', 'gateway', 'frontend', 'widgets', 'dashboard-api', 'dashboard-front', 'db', 'backup', 'restore', 'search-engine', 'essyncer'],
    );
    for (const { name, command } of commands) {
      assert.ok(command.summary.length > 10, `${name} has a summary`);
      assert.equal(typeof command.run, 'function', `${name} exports run`);
      for (const [option, config] of Object.entries(command.options)) assert.ok(config.description.length > 3, `${name} --${option} is described`);
    }
  });

  it('the usage lists every command of the table, and a command\'s usage every option it takes', async () => {
    const commands = await loadAll();
    const list = commandListUsage(commands.map(({ name, command }) => [name, command]));
    for (const { name, command } of commands) assert.match(list, new RegExp(`^  ${name}\\b.*${command.summary.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    const host = commands.find(({ name }) => name === 'host')!.command;
    const usage = commandUsage('host', host);
    assert.match(usage, /^Usage: lattice host <plugin…> \[options\]$/m);
    assert.match(usage, /^ {2}--config <file> +the deployment file \(default: configs\.json\)$/m);
    assert.match(usage, /^ {2}--port <n> +the first plugin's port \(default: PORT or 4000\)$/m);
    assert.match(usage, /^ {2}-h, --help +print this help$/m);
    assert.doesNotMatch(usage, /--email|--out|--integrations-port/);
  });

  it('refuses an option the command does not take, naming it and the ones it takes', async () => {
    const start = (await commandTable.find(([name]) => name === 'start')![1]());
    assert.throws(() => parseCommandLine('start', start, ['--email', 'x']), {
      message: 'start does not take the option --email (it takes --config, --data-dir, --port, --mobile-port, --ui-port, --integrations-port, --host, --dev; `lattice start --help` says more)',
    });
    const frontend = (await commandTable.find(([name]) => name === 'frontend')![1]());
    assert.throws(() => parseCommandLine('frontend', frontend, ['--data-dir', 'x']), /^Error: frontend does not take the option --data-dir/);
  });

  it('refuses operands a command does not take and an option without its value', async () => {
    const validate = (await commandTable.find(([name]) => name === 'validate')![1]());
    assert.throws(() => parseCommandLine('validate', validate, ['configs.json']), { message: 'validate takes no arguments, got "configs.json"' });
    assert.throws(() => parseCommandLine('validate', validate, ['--config']), /^Error: validate: Option '--config <value>' argument missing/);
  });

  it('gives each command its own options with their defaults, and its operands', async () => {
    const host = (await commandTable.find(([name]) => name === 'host')![1]());
    assert.deepEqual(parseCommandLine('host', host, ['contacts', 'inbox', '--port', '4100', '--dev']), {
      values: { config: 'configs.json', 'data-dir': '.data', port: '4100', dev: true },
      operands: ['contacts', 'inbox'],
    });
    const generate = (await commandTable.find(([name]) => name === 'generate')![1]());
    assert.deepEqual(parseCommandLine('generate', generate, ['nginx', '--upstream', 'gateway=a:1', '--upstream', 'frontend=b:2']), {
      values: { config: 'configs.json', upstream: ['gateway=a:1', 'frontend=b:2'] },
      operands: ['nginx'],
    });
    assert.equal(parseCommandLine('generate', generate, ['--help']), 'help');
  });

  it('`lattice start --email x` exits with 1 naming the option, before starting anything', async () => {
    const result = await lattice(['start', '--email', 'x']);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /^lattice: start does not take the option --email/);
    assert.equal(result.stdout, '');
  });

  it('`lattice --help` prints the command list, `lattice nope` names the unknown command', async () => {
    const [help, unknown] = await Promise.all([lattice(['--help']), lattice(['nope'])]);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^Usage: lattice <command> \[options\]/);
    assert.match(help.stdout, /^ {2}user:create +add a user/m);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^lattice: unknown command "nope"/);
  });
});
