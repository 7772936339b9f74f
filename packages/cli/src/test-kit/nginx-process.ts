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

/**
 * Runs nginx in the foreground with a generated site (http context) wrapped in a main configuration whose pid,
 * logs and temporary files all live in `dir`; resolves once it accepts connections on `port`.
 */
export async function startNginx(dir: string, site: string, port: number, timeoutMs = 30_000): Promise<NginxProcess> {
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
