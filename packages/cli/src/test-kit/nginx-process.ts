import { spawn, spawnSync } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';

/** Whether Debian's nginx is installed (.ci/run installs it); tests that need it skip, saying so, without it. */
export function nginxInstalled(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface NginxProcess {
  output(): string;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Writes a generated site (http context) into a main configuration whose pid, logs and temporary files all live in `dir`. */
async function writeMainConfig(dir: string, site: string): Promise<string> {
  // Workers drop to nobody when the tests run as root (CI): they must reach the temporary files here.
  await chmod(dir, 0o755);
  const siteFile = join(dir, 'site.conf');
  await writeFile(siteFile, site);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  const main = [
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    `    access_log ${join(dir, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${temp(name)}`),
    `    include ${siteFile};`,
    '}',
  ].join('\n');
  const mainFile = join(dir, 'nginx.conf');
  await writeFile(mainFile, main);
  return mainFile;
}

/** `nginx -t` on a generated site: whether nginx accepts it, and what it printed. */
export async function checkNginxConfig(dir: string, site: string): Promise<{ ok: boolean; output: string }> {
  const mainFile = await writeMainConfig(dir, site);
  const check = spawnSync('nginx', ['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', mainFile], { encoding: 'utf8' });
  return { ok: check.status === 0, output: `${check.stdout}${check.stderr}` };
}

/** Runs nginx in the foreground with a generated site (see writeMainConfig); resolves once it accepts connections on `port`. */
export async function startNginx(dir: string, site: string, port: number, timeoutMs = 30_000): Promise<NginxProcess> {
  const mainFile = await writeMainConfig(dir, site);
  const child = spawn('nginx', ['-p', dir, '-e', join(dir, 'error.log'), '-c', mainFile, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${printed}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen on ${port} within ${timeoutMs} ms:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    output: () => printed,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
