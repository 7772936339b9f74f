import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activityCsv, csvCell } from './activity-csv.js';

test('cells are quoted when they hold a comma, quote or line break, quotes doubled', () => {
  assert.equal(csvCell('plain'), 'plain');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('two\nlines'), '"two\nlines"');
  assert.equal(csvCell(null), '');
  assert.equal(csvCell(undefined), '');
});

test('a cell a spreadsheet would run as a formula stays text', () => {
  assert.equal(csvCell('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
  assert.equal(csvCell('+1'), "'+1");
  assert.equal(csvCell('-1'), "'-1");
  assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
});

test('entries as CSV: a header, one line per entry, changes as JSON, CRLF line ends', () => {
  const csv = activityCsv(
    [
      {
        _id: 'l1',
        createdAt: '2026-11-27T09:00:00.000Z',
        createdBy: 'u1',
        plugin: 'documents',
        action: 'documentsEdit',
        contentType: 'documents:document',
        contentId: 'd1',
        changes: { name: { before: 'Old, draft', after: 'New' } },
      },
    ],
    (id) => (id === 'u1' ? 'Ada' : String(id)),
  );
  assert.equal(
    csv,
    'createdAt,createdBy,user,plugin,action,contentType,contentId,changes\r\n' +
      '2026-11-27T09:00:00.000Z,u1,Ada,documents,documentsEdit,documents:document,d1,"{""name"":{""before"":""Old, draft"",""after"":""New""}}"\r\n',
  );
});
