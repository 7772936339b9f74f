/** MongoDB wire protocol opcodes and the 16-byte header every message starts with. */
export const OpCode = {
  REPLY: 1,
  QUERY: 2004,
  COMPRESSED: 2012,
  MSG: 2013,
} as const;

export const HEADER_SIZE = 16;

/** The largest message a client may send; advertised as maxMessageSizeBytes. */
export const MAX_MESSAGE_SIZE = 48_000_000;

export interface MessageHeader {
  messageLength: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export function readHeader(buf: Buffer): MessageHeader {
  return {
    messageLength: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

export function writeHeader(buf: Buffer, header: MessageHeader): void {
  buf.writeInt32LE(header.messageLength, 0);
  buf.writeInt32LE(header.requestId, 4);
  buf.writeInt32LE(header.responseTo, 8);
  buf.writeInt32LE(header.opCode, 12);
}
