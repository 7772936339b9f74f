import type { ImapModels } from '../models/load-models.js';

interface Entry {
  webhookTokenHash: Promise<string | null>;
  expiresAt: number;
}

/** How long a token check may reuse what it read; another imap process's removal is seen within this time. */
const ttlMs = 2_000;
const maxEntries = 10_000;

/**
 * The webhook token hashes POST /receive checks, read at most once per integration every 2 s: a busy
 * channel otherwise pays one database read per message for a value that practically never changes.
 * The read itself is what is kept, so the deliveries that arrive while it runs wait for it instead of each
 * sending its own (at 64 concurrent, every expiry cost a read per waiting delivery).
 * A removal in this process forgets its entry at once.
 */
export class IntegrationCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly models: () => ImapModels) {}

  tokenHash(inboxId: string): Promise<string | null> {
    const now = Date.now();
    const cached = this.entries.get(inboxId);
    if (cached && cached.expiresAt > now) return cached.webhookTokenHash;
    const webhookTokenHash = this.read(inboxId);
    if (this.entries.size >= maxEntries) this.entries.clear();
    const entry = { webhookTokenHash, expiresAt: now + ttlMs };
    this.entries.set(inboxId, entry);
    // A failed read is not kept: the next delivery reads again.
    webhookTokenHash.catch(() => {
      if (this.entries.get(inboxId) === entry) this.entries.delete(inboxId);
    });
    return webhookTokenHash;
  }

  forget(inboxId: string): void {
    this.entries.delete(inboxId);
  }

  private async read(inboxId: string): Promise<string | null> {
    const integration = await this.models()
      .Integration.findOne({ inboxId }, { webhookTokenHash: 1 })
      .lean<{ webhookTokenHash: string }>();
    return integration?.webhookTokenHash ?? null;
  }
}
