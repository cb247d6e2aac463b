import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (the e2e runner's server, 85-first-start's own server). */
export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => res(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
