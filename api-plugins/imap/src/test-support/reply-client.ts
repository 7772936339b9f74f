import assert from 'node:assert/strict';
import type { TestPlatform } from '@lattice/platform/test-kit';

export interface SentReply {
  _id: string;
  conversationId: string;
  state: 'sending' | 'sent' | 'failed';
  error: string | null;
}

const replyMutation = `mutation ($id: String!, $content: String!, $key: String) {
  conversationReply(conversationId: $id, content: $content, idempotencyKey: $key) { _id conversationId state error }
}`;

/** The inbox's `conversationReply`, as the composer sends it; fails the test on a GraphQL error. */
export async function reply(platform: TestPlatform, conversationId: string, content: string, idempotencyKey?: string): Promise<SentReply> {
  const response = await platform.graphql<{ conversationReply: SentReply }>(replyMutation, { id: conversationId, content, key: idempotencyKey });
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.conversationReply;
}

/** The inbox's `conversationNoteAdd`. */
export async function addNote(platform: TestPlatform, conversationId: string, content: string): Promise<void> {
  const response = await platform.graphql('mutation ($id: String!, $content: String!) { conversationNoteAdd(conversationId: $id, content: $content) { _id } }', {
    id: conversationId,
    content,
  });
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
}
