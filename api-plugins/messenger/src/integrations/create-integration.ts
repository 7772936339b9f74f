import type { CreateIntegrationPayload, CreateIntegrationReply } from '@lattice/contracts';
import { InputError, isDuplicateKeyError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import type { MessengerRuntime } from '../runtime.js';
import { messengerSettingsSchema } from '../settings/messenger-settings.js';

/** `messenger:createIntegration`: the Integration record, inboxId plus the settings (each defaulted when absent). */
export async function createIntegration(runtime: MessengerRuntime, payload: CreateIntegrationPayload): Promise<CreateIntegrationReply> {
  const parsed = messengerSettingsSchema.safeParse(payload.doc ?? {});
  if (!parsed.success) throw new InputError(`The messenger settings are not usable: ${z.prettifyError(parsed.error)}`);
  try {
    await runtime.models().Integration.create({ ...parsed.data, inboxId: payload.integrationId, createdAt: new Date(), updatedAt: new Date() });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new InputError(`A messenger integration for ${payload.integrationId} already exists`);
    throw error;
  }
  return { status: 'success' };
}

/** `messenger:removeIntegration`: its messages and visitors, then the integration (last, so it can be repeated). */
export async function removeIntegration(runtime: MessengerRuntime, inboxId: string): Promise<void> {
  const { Integration, Visitor, Message } = runtime.models();
  await Message.deleteMany({ inboxIntegrationId: inboxId });
  await Visitor.deleteMany({ inboxIntegrationId: inboxId });
  await Integration.deleteMany({ inboxId });
}
