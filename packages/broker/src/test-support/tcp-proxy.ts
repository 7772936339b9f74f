import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP forwarder the tests can cut and refuse through, to take RabbitMQ away from one client only. */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private refusing = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no port');
    const proxy = new TcpProxy(server, address.port);
    server.on('connection', (client) => proxy.forward(client, targetHost, targetPort));
    return proxy;
  }

  private forward(client: Socket, host: string, port: number): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  /** Drops every connection through the proxy and refuses new ones until `restore()`. */
  cut(): void {
    this.refusing = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.refusing = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
