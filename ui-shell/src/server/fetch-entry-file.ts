/** A file of a remote (its entry, or the manifest at `ui_url`) as its server answered it now. */
export type FetchedEntryFile = { ok: true; bytes: Uint8Array } | { ok: false; problem: string };

// Always the deployed file, never a cached copy naming chunks that are gone.
export const noCacheHeaders = { 'cache-control': 'no-cache', pragma: 'no-cache' };

/**
 * Fetches a remote's entry (or manifest) with no-cache. A problem says why it cannot be one: an error
 * status, an HTML page (a server's fallback or log-in page), or no answer.
 */
export async function fetchEntryFile(url: string, timeoutMs: number): Promise<FetchedEntryFile> {
  try {
    const response = await fetch(url, { headers: noCacheHeaders, signal: AbortSignal.timeout(timeoutMs) });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { ok: false, problem: `${url} answered HTTP ${response.status}` };
    }
    const type = response.headers.get('content-type') ?? '';
    if (/html/i.test(type)) {
      await response.body?.cancel();
      return { ok: false, problem: `${url} answered ${type.split(';')[0]}, not a script` };
    }
    return { ok: true, bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch (error) {
    return { ok: false, problem: `${url} could not be fetched (${unreachableReason(error)})` };
  }
}

/** Why a request got no answer, in a few words: a time-out, or what the connection said. */
export function unreachableReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}
