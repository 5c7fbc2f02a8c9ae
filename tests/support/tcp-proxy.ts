import net from 'node:net';

/**
 * A TCP proxy to a server (PostgreSQL, in the tests), which a test can cut, as a network or a
 * stopped database would, and restore. Cutting destroys every open connection; while cut, new
 * connections are refused (accepted and closed at once) or held (accepted, never answered,
 * closed on restore), as a firewall that drops packets would.
 */
export type TcpProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  cut(mode: 'refuse' | 'hold'): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: 'open' | 'refuse' | 'hold' = 'open';
  const open = new Set<net.Socket>();
  const held = new Set<net.Socket>();

  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    if (state === 'refuse') {
      client.destroy();
      return;
    }
    if (state === 'hold') {
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    through(url) {
      const address = new URL(url);
      address.hostname = '127.0.0.1';
      address.port = String(port);
      return address.toString();
    },
    cut(mode) {
      state = mode;
      for (const socket of open) socket.destroy();
    },
    restore() {
      state = 'open';
      for (const socket of held) socket.destroy();
    },
    async close() {
      for (const socket of [...open, ...held]) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
