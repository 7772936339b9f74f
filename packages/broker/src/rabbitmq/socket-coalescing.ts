import { Socket } from 'node:net';
import type { ChannelModel } from 'amqplib';

/**
 * amqplib writes every AMQP frame to the socket on its own (a message is at least three frames), and with
 * Nagle off each write is a syscall and a TCP segment: profiling the RPC benchmark put half the client's CPU
 * in those writes. Corking the socket on the first write of a tick and uncorking it on the next tick sends
 * everything written in between with one writev, without Nagle's delay.
 *
 * amqplib does not expose its socket in the typings; if a version stops keeping it at `connection.stream`
 * this does nothing rather than fail.
 */
export function coalesceSocketWrites(model: ChannelModel): boolean {
  const stream: unknown = (model.connection as unknown as { stream?: unknown }).stream;
  if (!(stream instanceof Socket)) return false;
  const socket = stream;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
  };
  socket.write = ((...args: unknown[]) => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write(...args);
  }) as Socket['write'];
  return true;
}
