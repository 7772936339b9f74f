import type { MessengerModels, VisitorRecord } from '../models/load-models.js';
import { hashVisitorToken } from './visitor-token.js';

/** The visitor the token belongs to in that integration; null for any other token (forged, copied from another site…). */
export async function findVisitor(models: MessengerModels, integrationId: string, visitorToken: string): Promise<VisitorRecord | null> {
  return models.Visitor.findOne({ tokenHash: hashVisitorToken(visitorToken), inboxIntegrationId: integrationId }).lean<VisitorRecord>();
}
