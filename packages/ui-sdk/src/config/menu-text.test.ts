import { test } from 'node:test';
import assert from 'node:assert/strict';
import { menuText } from './index.js';

const documents = { text: 'Documents', translations: { de: 'Dokumente', 'pt-BR': 'Documentos' } };

test("a menu's text is its translation for the language, else the English text", () => {
  assert.equal(menuText(documents, 'de'), 'Dokumente');
  assert.equal(menuText(documents, 'de-AT'), 'Dokumente', 'a regional locale takes its language');
  assert.equal(menuText(documents, 'pt-BR'), 'Documentos');
  assert.equal(menuText(documents, 'en'), 'Documents');
  assert.equal(menuText(documents, 'fr'), 'Documents', 'a language without a translation shows the English');
  assert.equal(menuText({ text: 'Inbox' }, 'de'), 'Inbox', 'a menu without translations shows as written');
});
