import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repositoryRoot = new URL('../../../../', import.meta.url).pathname;
// The built command, as a deployment runs it: the test task builds the CLI first (packages/cli/turbo.json).
const builtBin = new URL('../../dist/bin.js', import.meta.url).pathname;

/** One `lattice <role>` as its own OS process. */
export interface RoleProcess {
  readonly role: string;
  readonly child: ChildProcess;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** The first URL printed on a line that contains `label`. */
  urlOf(label: string): string;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  readonly exited: Promise<number | null>;
}

export function latticeCommand(args: string[]): { command: string; args: string[] } {
  if (!existsSync(builtBin)) throw new Error(`${builtBin} is missing: run \`npm run build\` first (npm test builds it)`);
  return { command: process.execPath, args: [builtBin, ...args] };
}

/** Starts `lattice <args>` and resolves once it printed its ready line; rejects with its output if it exits first. */
export function startRole(role: string, args: string[], env: NodeJS.ProcessEnv, readyTimeoutMs = 120_000): Promise<RoleProcess> {
  const { command, args: argv } = latticeCommand(args);
  const child = spawn(command, argv, { cwd: repositoryRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  // For a failure that needs every role's log, not only what the test prints: LATTICE_ROLE_LOG_DIR=<folder>.
  const logDir = process.env.LATTICE_ROLE_LOG_DIR;
  if (logDir) {
    const file = createWriteStream(`${logDir}/${role.replace(/\W+/g, '-')}-${child.pid}.log`);
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: RoleProcess = {
    role,
    child,
    exited,
    output: () => printed,
    urlOf: (label) => {
      const url = printed
        .split('\n')
        .filter((line) => line.includes(label))
        .map((line) => line.match(/(?:https?|mongodb):\/\/[^\s,)"]+/)?.[0])
        .find((found) => found !== undefined);
      if (!url) throw new Error(`${role} printed no URL for "${label}":\n${printed}`);
      return url.replace(/\/+$/, '');
    },
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${role} was not ready within ${readyTimeoutMs} ms:\n${printed}`));
    }, readyTimeoutMs);
    const check = () => {
      // The role's own ready line, not a log line that happens to say "is ready" (the gateway logs
      // "replica is ready but its SDL could not be read" on a busy machine, before it is ready itself).
      if (/^Lattice\b[^\n]* is ready/m.test(printed)) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(running);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited with ${code} before it was ready:\n${printed}`));
    });
  });
}

const reservations = join(tmpdir(), 'lattice-test-ports');
const reservedHere = new Set<string>();
process.once('exit', () => reservedHere.forEach((file) => rmSync(file, { force: true })));

/** The first port the kernel hands out for `listen(0)` and outgoing connections. */
function ephemeralPortsStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Reserves `port` for this process with a file only one process can create; takes over a dead process's file. */
function reserve(port: number): boolean {
  const file = join(reservations, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8'));
    try {
      process.kill(holder, 0);
      return false;
    } catch {
      writeFileSync(file, String(process.pid));
    }
  }
  reservedHere.add(file);
  return true;
}

function bindable(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port for a role the test must know the address of before it starts, held for this process until it exits.
 * It lies below the kernel's ephemeral range, so neither a `listen(0)` nor an outgoing connection can take it
 * before the role binds it, and a reservation file keeps other test processes on this machine off it.
 */
export async function freePort(): Promise<number> {
  mkdirSync(reservations, { recursive: true });
  const low = 20_000;
  const high = ephemeralPortsStart() - 1;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (!reserve(port)) continue;
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high} after 200 tries`);
}
