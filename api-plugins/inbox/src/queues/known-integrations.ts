import type { IntegrationModel } from '../models/integration.js';

const ttlMs = 2_000;

interface Check {
  found: Promise<boolean>;
  at: number;
}

/**
 * Whether an integration exists, read at most once per integration every 2 s: every message an integration
 * files asks, and the answer practically never changes. A removal asks the integration plugin to remove its
 * side first, so it stops filing before the inbox record goes; the 2 s only bound a misbehaving sender.
 * The read itself is kept, so messages that arrive while it runs wait for it instead of each sending its own.
 * Only integrations found are remembered: one not found (or a failed read) is read again next time.
 */
export class KnownIntegrations {
  private readonly checks = new Map<string, Check>();

  constructor(private readonly Integration: IntegrationModel) {}

  exists(integrationId: string): Promise<boolean> {
    const now = Date.now();
    const checked = this.checks.get(integrationId);
    if (checked && now - checked.at < ttlMs) return checked.found;
    if (this.checks.size > 10_000) this.checks.clear();
    const check = { found: this.read(integrationId), at: now };
    this.checks.set(integrationId, check);
    const forget = () => {
      if (this.checks.get(integrationId) === check) this.checks.delete(integrationId);
    };
    check.found.then((found) => found || forget(), forget);
    return check.found;
  }

  private async read(integrationId: string): Promise<boolean> {
    return Boolean(await this.Integration.exists({ _id: integrationId }));
  }
}
