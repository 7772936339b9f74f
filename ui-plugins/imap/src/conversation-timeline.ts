import type { InboxNote } from '@lattice/ui-sdk';
import type { ImapMessageRow } from './graphql/conversation-detail-query.js';
import { mailDataOf } from './mail-data.js';

export type TimelineEntry = { kind: 'mail'; message: ImapMessageRow; at: number } | { kind: 'note'; note: InboxNote; at: number };

const time = (iso: string | null | undefined) => {
  const parsed = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** The mails (in the server's order) and the notes, merged by time; a note written with a mail goes after it. */
export function conversationTimeline(rows: Array<ImapMessageRow | null>, notes: InboxNote[]): TimelineEntry[] {
  const mails: TimelineEntry[] = rows
    .filter((row): row is ImapMessageRow => row !== null)
    .map((message) => ({ kind: 'mail', message, at: time(mailDataOf(message.mailData).createdAt) }));
  const merged: TimelineEntry[] = [];
  const pending = [...notes].map((note): TimelineEntry => ({ kind: 'note', note, at: time(note.createdAt) })).sort((a, b) => a.at - b.at);
  for (const mail of mails) {
    while (pending.length > 0 && pending[0]!.at < mail.at) merged.push(pending.shift()!);
    merged.push(mail);
  }
  return [...merged, ...pending];
}
