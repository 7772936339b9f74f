import type { Document } from 'bson';
import { decodeDocument, encodeDocument } from './bson-codec.js';
import { ProtocolError } from './message-framer.js';
import { HEADER_SIZE, OpCode, writeHeader } from './message-header.js';

const CHECKSUM_PRESENT = 1;
const MORE_TO_COME = 2;

export interface ParsedOpMsg {
  command: Document;
  /** The client does not want a reply (unacknowledged write). */
  moreToCome: boolean;
}

/** Parses an OP_MSG: one body section plus document sequences folded into the command by identifier. */
export function parseOpMsg(message: Buffer): ParsedOpMsg {
  const flags = message.readUInt32LE(HEADER_SIZE);
  const end = message.length - (flags & CHECKSUM_PRESENT ? 4 : 0);
  let offset = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = message[offset];
    offset += 1;
    if (kind === 0) {
      const size = readDocSize(message, offset, end);
      body = decodeDocument(message.subarray(offset, offset + size));
      offset += size;
    } else if (kind === 1) {
      const size = readDocSize(message, offset, end);
      const sectionEnd = offset + size;
      const nameEnd = message.indexOf(0, offset + 4);
      if (nameEnd < 0 || nameEnd >= sectionEnd) throw new ProtocolError('unterminated sequence identifier');
      const identifier = message.toString('utf8', offset + 4, nameEnd);
      const docs: Document[] = [];
      let pos = nameEnd + 1;
      while (pos < sectionEnd) {
        const docSize = readDocSize(message, pos, sectionEnd);
        docs.push(decodeDocument(message.subarray(pos, pos + docSize)));
        pos += docSize;
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [identifier, docs] of sequences) body[identifier] = docs;
  return { command: body, moreToCome: (flags & MORE_TO_COME) !== 0 };
}

function readDocSize(message: Buffer, offset: number, end: number): number {
  if (offset + 5 > end) throw new ProtocolError('truncated BSON document');
  const size = message.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError(`invalid BSON document size ${size}`);
  return size;
}

export function encodeOpMsg(requestId: number, responseTo: number, reply: Document): Buffer {
  const body = encodeDocument(reply);
  const out = Buffer.allocUnsafe(HEADER_SIZE + 4 + 1 + body.length);
  writeHeader(out, { messageLength: out.length, requestId, responseTo, opCode: OpCode.MSG });
  out.writeUInt32LE(0, HEADER_SIZE);
  out[HEADER_SIZE + 4] = 0;
  out.set(body, HEADER_SIZE + 5);
  return out;
}
