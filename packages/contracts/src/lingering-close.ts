import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a connection closed after a refused request goes on being read (and what it brings dropped), as
 * nginx's `lingering_time`; and the pause in the client's sending that ends it sooner, as `lingering_timeout`.
 */
export const lingeringClose = { totalMs: 5_000, idleMs: 1_000 } as const;

/**
 * Answers with `connection: close` without reading the rest of the request's body, and closes gently: the
 * answer and a FIN go out, then what the client is still sending is read and dropped until it closes its side,
 * pauses for `idleMs` or `totalMs` have passed. Node closes such a socket as soon as the answer is written; with
 * the body's bytes still arriving, the kernel then answers them with a reset, and the client's kernel drops what
 * its program had not read yet: the answer itself, for a client still uploading.
 */
export function closeAfterAnswer(res: ServerResponse, limits: { totalMs: number; idleMs: number } = lingeringClose): void {
  res.setHeader('connection', 'close');
  const socket = res.socket;
  if (!socket) return;
  // Node's HTTP server ends a connection-close response's socket with destroySoon() once the answer is written.
  socket.destroySoon = () => linger(socket, limits);
}

function linger(socket: Socket, { totalMs, idleMs }: { totalMs: number; idleMs: number }): void {
  if (socket.writable) socket.end();
  const stop = () => socket.destroy();
  const deadline = setTimeout(stop, totalMs);
  socket.setTimeout(idleMs, stop);
  socket.once('close', () => clearTimeout(deadline));
  // The HTTP parser still reads the refused body and drops it; a socket paused for back-pressure would not.
  socket.resume();
}
