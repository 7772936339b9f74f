import { yieldingList } from '@lattice/plugin-sdk';
import { defaultExpiringWithinDays, documentsArgs, documentsCountArgs, documentsSummaryArgs, idArgs, parseArgs } from './arguments.js';
import { documentsFilter, documentsWindow } from './document-list-query.js';
import type { DocumentsContext } from './documents-context.js';
import type { DocumentRecord, DocumentTypeRecord } from './loaders.js';

export const queryResolvers = {
  async documents(_parent: unknown, args: unknown, { models, deadlineAt, signal }: DocumentsContext) {
    const parsed = parseArgs(documentsArgs, args);
    const { sort, skip, limit } = documentsWindow(parsed);
    // Batches of a few hundred: the driver decodes each as it comes, not thousands of documents in one go.
    const query = models.Document.find(documentsFilter(parsed)).sort(sort).skip(skip).limit(limit).batchSize(500);
    if (deadlineAt !== undefined) query.maxTimeMS(Math.max(1, deadlineAt - Date.now()));
    // Every document may be thousands: their fields are resolved a chunk per turn of the event loop.
    return yieldingList(await query.lean<DocumentRecord[]>(), { signal });
  },

  /** One document as stored now: what an edit refused with CONFLICT compares the user's values with. */
  async documentDetail(_parent: unknown, args: unknown, { models }: DocumentsContext) {
    return (await models.Document.getDocument(parseArgs(idArgs, args)._id)).toObject();
  },

  async documentTypes(_parent: unknown, _args: unknown, { models }: DocumentsContext) {
    return models.DocumentType.find({}).sort({ name: 1, _id: 1 }).lean<DocumentTypeRecord[]>();
  },

  /** Without arguments every document (SPEC.md); with typeId/searchValue, those `documents` would list. */
  async documentsTotalCount(_parent: unknown, args: unknown, { models }: DocumentsContext) {
    return models.Document.countDocuments(documentsFilter(parseArgs(documentsCountArgs, args)));
  },

  async documentsSummary(_parent: unknown, args: unknown, { models }: DocumentsContext) {
    const expiringWithinDays = parseArgs(documentsSummaryArgs, args).expiringWithinDays ?? defaultExpiringWithinDays;
    const now = new Date();
    const until = new Date(now.getTime() + expiringWithinDays * 24 * 60 * 60 * 1000);
    const [total, checked, expiringSoon] = await Promise.all([
      models.Document.countDocuments({}),
      models.Document.countDocuments({ checked: true }),
      models.Document.countDocuments({ expiryDate: { $gte: now, $lte: until } }),
    ]);
    return { total, checked, expiringSoon, expiringWithinDays };
  },
};
