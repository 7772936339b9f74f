import { spawn, spawnSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ImapFlow } from 'imapflow';

export interface TestDovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Client connections to this dovecot that are established right now (read from /proc/net/tcp). */
  establishedConnections(): Promise<number>;
  /** Delivers a mail (RFC 822 source) into the test user's INBOX, as another mail client would. */
  appendToInbox(source: string): Promise<void>;
  stop(): Promise<void>;
}

/** Why the Dovecot tests cannot run here, or undefined when they can (CI=true makes a missing Dovecot fatal). */
export function dovecotUnavailableReason(): string | undefined {
  const found = spawnSync('dovecot', ['--version'], { encoding: 'utf8' });
  if (found.status === 0) return undefined;
  const reason = 'dovecot is not installed (apt-get install dovecot-imapd)';
  if (process.env.CI === 'true') throw new Error(`Dovecot is required in CI: ${reason}`);
  return reason;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function idOf(name: string, flag: '-u' | '-g'): number {
  return Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
}

/**
 * Debian's Dovecot on its own loopback port, with its own configuration, passwd-file user and maildir in a
 * temporary directory; the system's Dovecot configuration is never read or touched. Runs as root with the
 * unprivileged users the Debian package creates (dovenull, dovecot) and mail owned by nobody.
 */
export async function startDovecot(): Promise<TestDovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'lattice-dovecot-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  const user = 'imaptest';
  const password = 'imap-test-secret';
  const mailUid = idOf('nobody', '-u');
  const mailGid = idOf('nobody', '-g');
  for (const sub of ['run', 'state', 'mail', 'home']) await mkdir(join(dir, sub));
  for (const sub of ['mail', 'home']) await chown(join(dir, sub), mailUid, mailGid);
  await writeFile(join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`, { mode: 0o644 });
  const config = `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
  const configPath = join(dir, 'dovecot.conf');
  await writeFile(configPath, config);
  const child = spawn('dovecot', ['-F', '-c', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, delay(5_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };

  for (let attempt = 0; !(await accepts(port)); attempt += 1) {
    if (child.exitCode !== null || attempt > 100) {
      const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`dovecot did not start: ${stderr} ${log}`);
    }
    await delay(50);
  }

  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    establishedConnections: async () => {
      const table = await readFile('/proc/net/tcp', 'utf8');
      // Columns: sl local_address rem_address st ...; st 01 is ESTABLISHED. A client's remote port is ours.
      return table
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((columns) => columns[2]?.endsWith(`:${portHex}`) && columns[3] === '01').length;
    },
    appendToInbox: async (source) => {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.append('INBOX', source);
      } finally {
        await client.logout();
      }
    },
    stop,
  };
}
