/**
 * Memory a server holds while ten connections each send half of a 40 MB message (issue 17), for this
 * build and optionally another checkout of the package:
 *
 *   node --import tsx bench/embedded-mongo/incoming-memory.ts [--against <other package dir>]
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const PACKAGE = fileURLToPath(new URL('../../packages/embedded-mongo', import.meta.url));
const MB = 1024 * 1024;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function measure(packageDir: string): Promise<{ idleMb: number; heldMb: number; closed: number }> {
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', join(packageDir, 'src/cli.ts'), '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let text = '';
  for await (const chunk of child.stdout) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  const port = Number(/:(\d+)\//.exec(text)?.[1]);
  if (!port || child.pid === undefined) throw new Error(`server did not start: ${text}`);
  const idleMb = await rssMb(child.pid);
  let closed = 0;
  const sockets = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.on('error', () => undefined);
      socket.once('close', () => (closed += 1));
      const half = Buffer.alloc(20 * MB);
      half.writeInt32LE(40 * MB, 0);
      half.writeInt32LE(2013, 12);
      await new Promise((resolve) => socket.write(half, resolve));
      return socket;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const heldMb = await rssMb(child.pid);
  const closedByServer = closed;
  for (const socket of sockets) socket.destroy();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { idleMb, heldMb, closed: closedByServer };
}

const { against } = parseArgs({ options: { against: { type: 'string' } } }).values;
for (const [label, dir] of [['this build', PACKAGE], ...(against ? [[against, against]] : [])] as Array<[string, string]>) {
  const result = await measure(dir);
  process.stdout.write(`${label}: RSS idle ${result.idleMb} MB, with ten half-sent 40 MB messages ${result.heldMb} MB; connections closed by the server: ${result.closed}\n`);
}
