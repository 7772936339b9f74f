import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogue } from './catalogue.js';
import en from './locales/en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };

test('German has every message English has, and no other', () => {
  assert.deepEqual(Object.keys(de).sort(), Object.keys(en).sort());
});

test('counts are plurals in both languages, with numbers as the language writes them', async () => {
  await catalogue.load('de');
  const english = catalogue.instance('en');
  const german = catalogue.instance('de');
  assert.ok(english && german);
  assert.equal(english._('list.count.all', { total: 1 }), '1 document');
  assert.equal(english._('list.count.all', { total: 1234 }), '1,234 documents');
  assert.equal(english._('list.count.filtered', { matching: 21, total: 61 }), '21 of 61 documents');
  assert.equal(german._('list.count.all', { total: 1 }), '1 Dokument');
  assert.equal(german._('list.count.filtered', { matching: 1, total: 1 }), '1 von 1 Dokument');
  assert.equal(german._('list.count.filtered', { matching: 1234, total: 5000 }), '1.234 von 5.000 Dokumenten');
  assert.equal(english._('typeRemoval.effect', { count: 2 }), '2 documents lose their type; they stay, untyped.');
  assert.equal(german._('typeRemoval.effect', { count: 1 }), '1 Dokument verliert seinen Typ und bleibt ohne Typ erhalten.');
  assert.equal(german._('typeRemoval.effect', { count: 0 }), 'Kein Dokument hat diesen Typ.');
  assert.equal(english._('typeRemoval.done', { name: 'Contracts', untyped: 2 }), 'Type “Contracts” removed. 2 documents have no type now.');
  assert.equal(german._('typeRemoval.done', { name: 'Verträge', untyped: 0 }), 'Typ „Verträge“ entfernt.');
  assert.equal(english._('widget.expiring', { days: 30 }), 'Expiring within 30 days');
  assert.equal(german._('widget.expiring', { days: 30 }), 'Laufen innerhalb von 30 Tagen ab');
});
