import type { CustomerFields } from './customer.js';
import type { IntegrationFields } from './integration.js';
import type { MessageFields } from './message.js';

export type IntegrationRecord = IntegrationFields & { _id: unknown };
export type CustomerRecord = CustomerFields & { _id: unknown };
export type MessageRecord = MessageFields & { _id: unknown };
