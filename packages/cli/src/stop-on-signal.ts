import { stopRoleTracing } from './role-tracing.js';

/**
 * Runs `stop` on the first SIGTERM or SIGINT and exits when it is done; a second signal exits at once. Every
 * role stops this way, so a container orchestrator's SIGTERM drains requests and messages before the exit.
 */
export function stopOnSignal(role: string, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`lattice ${role}: ${signal} again, exiting without waiting`);
      process.exit(130);
    }
    stopping = true;
    console.log(`lattice ${role}: ${signal} received, stopping (finishing requests in flight)`);
    stop()
      .then(() => stopRoleTracing())
      .then(
      () => {
        console.log(`lattice ${role}: stopped`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`lattice ${role}: stop failed:`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
