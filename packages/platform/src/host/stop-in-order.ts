import type { RunningPlugin } from './start-plugin.js';

/**
 * Stops plugin hosts as a whole: all stop taking requests at once (so none waits on another's drain), then each
 * finishes its messages and runs its own stop in reverse start order, so a plugin stops before those it needs.
 */
export async function stopInOrder(plugins: readonly RunningPlugin[], beforePluginStops?: () => Promise<void>): Promise<void> {
  await Promise.all(plugins.map((plugin) => plugin.stopServing()));
  await beforePluginStops?.();
  for (const plugin of [...plugins].reverse()) await plugin.stop();
}
