import type { Document } from 'bson';
import { crc32 } from 'node:zlib';
import { decodeDocument, encodeDocument } from '../wire/bson-codec.js';

/**
 * The on-disk framing shared by journal and snapshot files: per record a little-endian
 * payload length, a CRC-32 of the payload, then the payload (one BSON document).
 * A torn or corrupted tail is detected by the length or the checksum.
 */
const FRAME_HEADER = 8;

export function frameRecord(record: Document): Buffer {
  const payload = encodeDocument(record);
  const out = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(crc32(payload), 4);
  out.set(payload, FRAME_HEADER);
  return out;
}

export interface ReadResult {
  records: Document[];
  /** Bytes of whole, valid records from the start; anything after is a torn tail. */
  validBytes: number;
}

export function readRecords(data: Buffer): ReadResult {
  const records: Document[] = [];
  let offset = 0;
  while (offset + FRAME_HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const checksum = data.readUInt32LE(offset + 4);
    const end = offset + FRAME_HEADER + length;
    if (length < 5 || end > data.length) break;
    const payload = data.subarray(offset + FRAME_HEADER, end);
    if (crc32(payload) !== checksum) break;
    try {
      records.push(decodeDocument(payload));
    } catch {
      break;
    }
    offset = end;
  }
  return { records, validBytes: offset };
}
