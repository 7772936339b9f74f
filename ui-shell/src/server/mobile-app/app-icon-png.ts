import { crc32, deflateSync } from 'node:zlib';

const indigo = [0x43, 0x38, 0xca] as const;
const white = [0xff, 0xff, 0xff] as const;

/**
 * The app's icon as a PNG of `size`×`size`: an indigo square with a white "L", drawn here so that no binary
 * file is kept in the repository. Launchers and install prompts need PNGs of 192 and 512 pixels; the
 * letter sits inside the middle 80% so a launcher's round or squircle mask ("maskable") never cuts it.
 */
export function appIconPng(size: number): Buffer {
  const stroke = Math.round(size * 0.11);
  const left = Math.round(size * 0.34);
  const top = Math.round(size * 0.26);
  const bottom = Math.round(size * 0.74);
  const right = Math.round(size * 0.68);
  const inLetter = (x: number, y: number) => (x >= left && x < left + stroke && y >= top && y < bottom) || (y >= bottom - stroke && y < bottom && x >= left && x < right);
  // Each row: a filter byte (0, none) and RGB pixels.
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      const [r, g, b] = inLetter(x, y) ? white : indigo;
      rows[row + 1 + x * 3] = r;
      rows[row + 2 + x * 3] = g;
      rows[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}
