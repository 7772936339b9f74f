import DataLoader from 'dataloader';
import type { InboxModels } from '../models/load-models.js';
import type { IntegrationRecord } from '../models/records.js';

export interface InboxLoaders {
  integration: DataLoader<string, IntegrationRecord | null>;
}

/** One batched query per request for every `Conversation.integration` it resolves. */
export function createLoaders({ Integration }: InboxModels): InboxLoaders {
  return {
    integration: new DataLoader<string, IntegrationRecord | null>(async (ids) => {
      const valid = ids.filter((id) => /^[0-9a-fA-F]{24}$/.test(id));
      const found = valid.length > 0 ? await Integration.find({ _id: { $in: valid } }).lean<IntegrationRecord[]>() : [];
      const byId = new Map(found.map((record) => [String(record._id), record]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
