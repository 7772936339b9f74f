import type { ImapModels } from '../models/load-models.js';

interface Entry {
  webhookTokenHash: string | null;
  expiresAt: number;
}

/** How long a token check may reuse what it read; another imap process's removal is seen within this time. */
const ttlMs = 2_000;
const maxEntries = 10_000;

/**
 * The webhook token hashes POST /receive checks, read at most once per integration every 2 s: a busy
 * channel otherwise pays one database read per message for a value that practically never changes.
 * A removal in this process forgets its entry at once.
 */
export class IntegrationCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly models: () => ImapModels) {}

  async tokenHash(inboxId: string): Promise<string | null> {
    const now = Date.now();
    const cached = this.entries.get(inboxId);
    if (cached && cached.expiresAt > now) return cached.webhookTokenHash;
    const integration = await this.models()
      .Integration.findOne({ inboxId }, { webhookTokenHash: 1 })
      .lean<{ webhookTokenHash: string }>();
    if (this.entries.size >= maxEntries) this.entries.clear();
    const webhookTokenHash = integration?.webhookTokenHash ?? null;
    this.entries.set(inboxId, { webhookTokenHash, expiresAt: now + ttlMs });
    return webhookTokenHash;
  }

  forget(inboxId: string): void {
    this.entries.delete(inboxId);
  }
}
