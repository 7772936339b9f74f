import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Undefined when `rabbitmqctl` can close connections from here; otherwise why not (required when CI=true). */
export async function rabbitmqctlUnavailableReason(): Promise<string | undefined> {
  try {
    await run('rabbitmqctl', ['list_connections', 'pid', '--quiet'], { timeout: 30_000 });
    return undefined;
  } catch (error) {
    const reason = `rabbitmqctl not usable (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    if (process.env.CI === 'true') throw new Error(`${reason} (required when CI=true)`, { cause: error });
    return reason;
  }
}

/** Has RabbitMQ itself close every connection whose client named itself `connectionName`; answers how many. */
export async function closeBrokerConnectionsNamed(connectionName: string): Promise<number> {
  // The JSON formatter prints pids in a form close_connection does not take, so the table is read instead.
  const { stdout } = await run('rabbitmqctl', ['list_connections', 'pid', 'client_properties', '--quiet', '--no-table-headers'], { timeout: 30_000 });
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes(`{"connection_name","${connectionName}"}`))
    .map((line) => line.split('\t')[0] ?? '');
  for (const pid of pids) await run('rabbitmqctl', ['close_connection', pid, 'fault test: closed by the server'], { timeout: 30_000 });
  return pids.length;
}
