import net from 'node:net';

/**
 * A port that was free a moment ago, as the system hands them out. A random pick in 40000–60000
 * collides now and then with the local end of an outgoing connection (Linux takes those from
 * 32768–60999), and the server then cannot start.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
