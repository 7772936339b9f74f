import type { IntegrationModel } from '../models/integration.js';

const ttlMs = 2_000;

/**
 * Whether an integration exists, read at most once per integration every 2 s: every message an integration
 * files asks, and the answer practically never changes. A removal asks the integration plugin to remove its
 * side first, so it stops filing before the inbox record goes; the 2 s only bound a misbehaving sender.
 */
export class KnownIntegrations {
  private readonly checkedAt = new Map<string, number>();

  constructor(private readonly Integration: IntegrationModel) {}

  async exists(integrationId: string): Promise<boolean> {
    const checked = this.checkedAt.get(integrationId);
    if (checked !== undefined && Date.now() - checked < ttlMs) return true;
    const found = await this.Integration.exists({ _id: integrationId });
    if (found) {
      if (this.checkedAt.size > 10_000) this.checkedAt.clear();
      this.checkedAt.set(integrationId, Date.now());
    }
    return Boolean(found);
  }
}
