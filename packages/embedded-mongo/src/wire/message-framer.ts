import { HEADER_SIZE, MAX_MESSAGE_SIZE } from './message-header.js';

/** A framing error: the connection that produced it must be closed. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/**
 * Cuts a TCP byte stream into whole wire messages. Rejects sizes that are impossible or
 * above the advertised limit before buffering them, so a bad client cannot exhaust memory.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  /** Bytes received that do not yet make a whole message. */
  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const messages: Buffer[] = [];
    for (;;) {
      if (this.buffered < 4) break;
      const head = this.peek(4);
      const length = head.readInt32LE(0);
      if (length < HEADER_SIZE) throw new ProtocolError(`invalid message length ${length}`);
      if (length > MAX_MESSAGE_SIZE) throw new ProtocolError(`message of ${length} bytes exceeds maxMessageSizeBytes ${MAX_MESSAGE_SIZE}`);
      if (this.buffered < length) break;
      messages.push(this.take(length));
    }
    return messages;
  }

  private peek(n: number): Buffer {
    const first = this.chunks[0];
    if (first && first.length >= n) return first;
    const joined = Buffer.concat(this.chunks);
    this.chunks = [joined];
    return joined;
  }

  private take(n: number): Buffer {
    const all = this.peek(n);
    const message = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered -= n;
    return message;
  }
}
