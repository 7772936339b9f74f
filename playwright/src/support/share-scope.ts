import type { Page } from 'playwright-core';

export interface SharedVersion {
  version: string;
  from: string;
  loaded: boolean;
  useIn: string[];
}

/** The Module Federation share scope of the page: for each shared module, every version registered. */
export async function readShareScope(page: Page): Promise<Record<string, SharedVersion[]>> {
  return page.evaluate(() => {
    type Shared = { from: string; loaded?: boolean; useIn?: string[] };
    type Scope = Record<string, Record<string, Record<string, Shared>>>;
    const federation = (globalThis as unknown as { __FEDERATION__?: { __SHARE__: Record<string, Scope> } }).__FEDERATION__;
    const modules: Record<string, SharedVersion[]> = {};
    for (const host of Object.values(federation?.__SHARE__ ?? {})) {
      for (const [name, versions] of Object.entries(host.default ?? {})) {
        for (const [version, shared] of Object.entries(versions)) {
          (modules[name] ??= []).push({ version, from: shared.from, loaded: Boolean(shared.loaded), useIn: shared.useIn ?? [] });
        }
      }
    }
    return modules;
  });
}
