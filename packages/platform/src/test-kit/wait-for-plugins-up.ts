/**
 * Waits until the gateway's `/health` reports every plugin up, or `timeoutMs` passes. A plugin starts as down
 * until the gateway's first probe answers, and on a busy machine that probe can miss its time-out: a test that
 * logs in at once would get 503 "Plugin core is unavailable" from a platform that is still starting.
 * Returns the last statuses seen, so a caller can say which plugin never came up.
 */
export async function waitForPluginsUp(gatewayUrl: string, timeoutMs = 60_000): Promise<Record<string, string>> {
  const deadline = Date.now() + timeoutMs;
  let statuses: Record<string, string> = {};
  for (;;) {
    try {
      const response = await fetch(`${gatewayUrl}/health`);
      if (response.ok) statuses = ((await response.json()) as { plugins: Record<string, string> }).plugins;
    } catch {
      // The gateway is not answering yet either: ask again.
    }
    const values = Object.values(statuses);
    if ((values.length > 0 && values.every((status) => status === 'up')) || Date.now() >= deadline) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
