import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface PlatformProcess {
  gatewayUrl: string;
  /** Each plugin's base URL, from the banner (core included). */
  pluginUrls: Map<string, string>;
  readySeconds: number;
  stop(): Promise<void>;
}

/** Resolves with the first line of `child`'s stdout that `match` finds, and the whole output so far. */
function waitForOutput(child: ChildProcess, match: RegExp, what: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (match.test(text)) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code} before ready:\n${text}`)));
  });
}

/** Stops `child` with `signal`, and kills it if it has not exited 15 s later (Hive's graceful stop can wait on idle sockets). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The platform as `npm start` runs it (built, one process), apart from this process's load generator. */
export async function startPlatformProcess(dataDir: string, env: Record<string, string>): Promise<PlatformProcess> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['packages/cli/dist/bin.js', 'start', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
  });
  const output = await waitForOutput(child, /Press Ctrl-C to stop\./, 'lattice start');
  const readySeconds = (performance.now() - startedAt) / 1000;
  const gatewayUrl = /GraphQL\s+(http:\/\/\S+)\/graphql/.exec(output)?.[1];
  const pluginUrls = new Map([...output.matchAll(/Plugin\s+(\S+) at (http:\/\/\S+)/g)].map((match) => [match[1]!, match[2]!]));
  if (!gatewayUrl || !pluginUrls.has('documents') || !pluginUrls.has('core')) throw new Error(`unexpected banner:\n${output}`);
  return { gatewayUrl, pluginUrls, readySeconds, stop: () => stopChild(child) };
}

export interface GatewayProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** gateway-process.ts in a process of its own. */
export async function startGatewayProcess(kind: 'ours' | 'hive', dedupe: boolean, config: unknown): Promise<GatewayProcess> {
  const script = new URL('./gateway-process.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', script, kind, dedupe ? 'dedupe-on' : 'dedupe-off'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_GATEWAY: JSON.stringify(config), NODE_ENV: 'production' },
  });
  const output = await waitForOutput(child, /listening (http:\/\/\S+)/, `${kind} gateway`);
  const url = /listening (http:\/\/\S+)/.exec(output)![1]!;
  return { url, pid: child.pid!, stop: () => stopChild(child, 'SIGTERM') };
}

/** floor-proxy.ts in a process of its own. */
export async function startFloorProcess(config: unknown): Promise<GatewayProcess> {
  const script = new URL('./floor-proxy.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_GATEWAY: JSON.stringify(config), NODE_ENV: 'production' },
  });
  const output = await waitForOutput(child, /listening (http:\/\/\S+)/, 'floor proxy');
  const url = /listening (http:\/\/\S+)/.exec(output)![1]!;
  return { url, pid: child.pid!, stop: () => stopChild(child, 'SIGTERM') };
}
