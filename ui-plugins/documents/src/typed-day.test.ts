import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTypedDay, typedDayProblem } from './typed-day.js';

test('a typed day in ISO form, or in the numeric order of the language', () => {
  assert.equal(parseTypedDay('2031-02-28', 'de'), '2031-02-28');
  assert.equal(parseTypedDay(' 2031-2-8 ', 'en'), '2031-02-08');
  assert.equal(parseTypedDay('28.02.2031', 'de'), '2031-02-28');
  assert.equal(parseTypedDay('1.3.2031', 'de'), '2031-03-01');
  assert.equal(parseTypedDay('2/28/2031', 'en'), '2031-02-28');
  assert.equal(parseTypedDay('3/1/2031', 'en'), '2031-03-01');
});

test('what the field shows in English reads back as the same day', () => {
  assert.equal(parseTypedDay('Feb 28, 2031', 'en'), '2031-02-28');
});

test('not a day (yet): half a year, a day the calendar lacks, words', () => {
  assert.equal(parseTypedDay('28.02.20', 'de'), null);
  assert.equal(parseTypedDay('31.04.2031', 'de'), null);
  assert.equal(parseTypedDay('2031-02-30', 'en'), null);
  assert.equal(parseTypedDay('soon', 'en'), null);
  assert.equal(parseTypedDay('', 'en'), null);
});

test('what may be saved from the expiry field: nothing, or a real day from 1900 to 9999', () => {
  assert.equal(typedDayProblem('', 'en'), null);
  assert.equal(typedDayProblem('2031-02-28', 'en'), null);
  assert.equal(typedDayProblem('31/02/2026', 'en'), 'notADay');
  assert.equal(typedDayProblem('31.02.2026', 'de'), 'notADay');
  assert.equal(typedDayProblem('2026-02-31', 'de'), 'notADay');
  assert.equal(typedDayProblem('next week', 'en'), 'notADay');
  assert.equal(typedDayProblem('0001-01-01', 'en'), 'outOfRange');
  assert.equal(typedDayProblem('1899-12-31', 'en'), 'outOfRange');
  assert.equal(typedDayProblem('1900-01-01', 'de'), null);
});
