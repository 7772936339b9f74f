import { test } from 'node:test';
import assert from 'node:assert/strict';
import { htmlToText, looksLikeHtml, mailBodyText } from './mail-body-text.js';

test('plain text stays exactly as it is, addresses in angle brackets included', () => {
  const body = 'Hi,\n\nOn Monday Alice <a@mail.test> wrote:\n> 2 < 3 & 4 > 1\n';
  assert.equal(looksLikeHtml(body), false);
  assert.equal(mailBodyText(body), body);
  assert.equal(looksLikeHtml('Write to <b.berg@mail.test>'), false);
});

test('an HTML body shows as its text, one line per block, without tags', () => {
  const html = '<html><head><title>x</title></head><body><p>Hello <b>Alice</b>,</p>\n<p>Line one<br>Line two</p><div>Bye</div></body></html>';
  assert.equal(looksLikeHtml(html), true);
  assert.equal(mailBodyText(html), 'Hello Alice,\nLine one\nLine two\nBye');
});

test('scripts, styles and comments leave nothing behind, and entities are decoded once', () => {
  const html = '<style>p { color: red }</style><script>alert("x")</script><!-- hidden --><p>Tom &amp; Jerry &lt;tj@mail.test&gt; &amp;lt; &#233;&#x41;&nbsp;!</p>';
  assert.equal(htmlToText(html), 'Tom & Jerry <tj@mail.test> &lt; éA !');
});

test('an HTML body with an onerror attribute comes out as inert text', () => {
  assert.equal(htmlToText('<img src=x onerror="alert(1)"><span>Safe</span>'), 'Safe');
});
