import type { Document } from 'bson';
import { decodeDocument, encodeDocument } from './bson-codec.js';
import { ProtocolError } from './message-framer.js';
import { HEADER_SIZE, OpCode, writeHeader } from './message-header.js';

export interface ParsedOpQuery {
  collection: string;
  query: Document;
}

/** Legacy OP_QUERY: drivers use it only for the first `isMaster`/`hello` of a connection. */
export function parseOpQuery(message: Buffer): ParsedOpQuery {
  let offset = HEADER_SIZE + 4;
  const nameEnd = message.indexOf(0, offset);
  if (nameEnd < 0) throw new ProtocolError('unterminated collection name in OP_QUERY');
  const collection = message.toString('utf8', offset, nameEnd);
  offset = nameEnd + 1 + 8;
  if (offset + 5 > message.length) throw new ProtocolError('truncated OP_QUERY');
  const size = message.readInt32LE(offset);
  if (size < 5 || offset + size > message.length) throw new ProtocolError('invalid OP_QUERY document size');
  const raw = decodeDocument(message.subarray(offset, offset + size));
  const query = typeof raw.$query === 'object' && raw.$query !== null ? (raw.$query as Document) : raw;
  return { collection, query };
}

export function encodeOpReply(requestId: number, responseTo: number, reply: Document): Buffer {
  const body = encodeDocument(reply);
  const fixed = HEADER_SIZE + 4 + 8 + 4 + 4;
  const out = Buffer.allocUnsafe(fixed + body.length);
  writeHeader(out, { messageLength: out.length, requestId, responseTo, opCode: OpCode.REPLY });
  out.writeInt32LE(0, HEADER_SIZE);
  out.writeBigInt64LE(0n, HEADER_SIZE + 4);
  out.writeInt32LE(0, HEADER_SIZE + 12);
  out.writeInt32LE(1, HEADER_SIZE + 16);
  out.set(body, fixed);
  return out;
}
