import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowImagesFrom, allowedImageSenders, isRemoteUrl } from './remote-images.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

test('http, https and protocol-relative URLs are remote; data: and cid: are not', () => {
  assert.deepEqual(
    ['https://a.test/x.png', ' HTTP://a.test/x.png', '//a.test/x.png', 'data:image/png;base64,AAAA', 'cid:logo@mail'].map(isRemoteUrl),
    [true, true, true, false, false],
  );
});

test('the senders allowed are remembered, lower-case, and a broken entry reads as none', () => {
  const storage = memoryStorage();
  assert.equal(allowedImageSenders(storage).size, 0);
  allowImagesFrom(storage, ' Alice@Mail.test ');
  allowImagesFrom(storage, 'bob@mail.test');
  assert.deepEqual([...allowedImageSenders(storage)], ['alice@mail.test', 'bob@mail.test']);
  assert.equal(allowedImageSenders(memoryStorage({ 'lattice.imap.remoteImagesAllowed': '{not json' })).size, 0);
  assert.equal(allowedImageSenders(undefined).size, 0);
});
