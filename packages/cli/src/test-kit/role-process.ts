import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { createServer } from 'node:net';

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

/** A port nothing listens on now, for a role the test must know the address of before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
