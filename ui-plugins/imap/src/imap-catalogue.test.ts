import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from './locales/en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import { imapCatalogue } from './imap-catalogue.js';

// `{name}`, `{count, plural, …}` and `<tag>`; a plural's branches (`{# items}`) are text, not placeholders.
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]|<(\w+)>/g)].map((match) => match[1] ?? match[2]).sort();

test('German has every message of English, with the same placeholders and tags', () => {
  assert.deepEqual(Object.keys(de).sort(), Object.keys(en).sort());
  for (const [id, message] of Object.entries(en)) assert.deepEqual(placeholders(de[id as keyof typeof de]), placeholders(message), id);
});

test('the form, the reply states and the conversation view read in both languages', async () => {
  await imapCatalogue.load('de');
  const english = imapCatalogue.instance('en');
  const german = imapCatalogue.instance('de');
  assert.ok(english && german);
  assert.equal(english._('problem.port'), 'Port must be a whole number from 1 to 65535');
  assert.equal(german._('problem.port'), 'Der Port muss eine ganze Zahl von 1 bis 65535 sein');
  assert.deepEqual(['reply.sending', 'reply.sent', 'reply.failed'].map((id) => german._(id)), ['Wird gesendet…', 'Gesendet', 'Nicht zugestellt']);
  assert.equal(german._('remove.questionWithUser', { user: 'ops', server: 'imap.mail.test:993' }).startsWith('Die Synchronisierung von <strong>ops auf imap.mail.test:993</strong>'), true);
});
