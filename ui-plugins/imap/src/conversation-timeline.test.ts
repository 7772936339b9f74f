import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversationTimeline } from './conversation-timeline.js';

const mail = (id: string, createdAt: string) => ({ _id: id, title: id, mailData: { createdAt } });
const note = (id: string, createdAt: string) => ({ _id: id, content: id, createdAt, userId: 'u' });

test('notes go between the mails by time, mails keep the server order, a note at a mail\'s time goes after it', () => {
  const entries = conversationTimeline(
    [mail('m1', '2030-01-01T10:00:00Z'), null, mail('m2', '2030-01-01T12:00:00Z')],
    [note('late', '2030-01-01T13:00:00Z'), note('between', '2030-01-01T11:00:00Z'), note('tie', '2030-01-01T12:00:00Z')],
  );
  assert.deepEqual(
    entries.map((entry) => (entry.kind === 'mail' ? entry.message._id : entry.note._id)),
    ['m1', 'between', 'm2', 'tie', 'late'],
  );
});

test('notes alone, and nothing at all', () => {
  assert.deepEqual(conversationTimeline([], [note('n', '2030-01-01T00:00:00Z')]).map((entry) => entry.kind), ['note']);
  assert.deepEqual(conversationTimeline([null], []), []);
});
