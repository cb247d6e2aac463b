import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy between the app and PostgreSQL for outage tests (issue 26) that cuts connections around
 * a COMMIT: it reads the frontend protocol (startup, then typed messages), knows which prepared
 * statement is `commit` (Parse) and sees it run (Bind or a simple Query). `decide` chooses per COMMIT:
 * `pass` forwards it; `before` drops it and closes both sides (the transaction rolls back); `after`
 * forwards it and drops the server's answer, closing both sides (the transaction is committed, the app
 * sees a lost connection). Listens on 127.0.0.1 on a free port.
 */
export type CommitCut = 'pass' | 'before' | 'after';

export interface PgProxy {
  /** The port the proxy listens on. */
  readonly port: number;
  /** How many COMMITs were cut before reaching the server, and how many had their answer dropped. */
  readonly cuts: { before: number; after: number; commits: number };
  close(): Promise<void>;
}

const COMMIT = /^\s*commit\s*;?\s*$/i;

/** The C string at `offset` of a message body and the offset after it. */
function cString(body: Buffer, offset: number): [string, number] {
  const end = body.indexOf(0, offset);
  return end < 0 ? ['', body.length] : [body.toString('utf8', offset, end), end + 1];
}

export async function startPgProxy(target: { host: string; port: number }, decide: () => CommitCut): Promise<PgProxy> {
  const cuts = { before: 0, after: 0, commits: 0 };
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const statements = new Map<string, string>();
    let pending = Buffer.alloc(0);
    let started = false;
    let dropAnswer = false;
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => (upstream.destroy(), sockets.delete(client)));
    upstream.on('close', () => (client.destroy(), sockets.delete(upstream)));
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);

    upstream.on('data', (chunk: Buffer) => {
      if (dropAnswer) return closeBoth();
      client.write(chunk);
    });

    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      let cut: CommitCut = 'pass';
      let offset = 0;
      // whole messages only: a message split over chunks waits for its rest
      while (true) {
        if (!started) {
          if (pending.length - offset < 8) break;
          const length = pending.readInt32BE(offset);
          if (pending.length - offset < length) break;
          // 196608 is protocol 3.0's startup; an SSL or GSS request comes before it
          if (pending.readInt32BE(offset + 4) === 196608) started = true;
          offset += length;
          continue;
        }
        if (pending.length - offset < 5) break;
        const type = String.fromCharCode(pending[offset] as number);
        const length = pending.readInt32BE(offset + 1);
        if (pending.length - offset < 1 + length) break;
        const body = pending.subarray(offset + 5, offset + 1 + length);
        let query: string | undefined;
        if (type === 'P') {
          const [name, next] = cString(body, 0);
          const [text] = cString(body, next);
          statements.set(name, text);
        } else if (type === 'B') {
          const [, next] = cString(body, 0);
          query = statements.get(cString(body, next)[0]);
        } else if (type === 'Q') {
          query = cString(body, 0)[0];
        }
        if (query !== undefined && COMMIT.test(query)) {
          cuts.commits++;
          const chosen = decide();
          if (chosen !== 'pass') cut = chosen;
        }
        offset += 1 + length;
      }
      const whole = pending.subarray(0, offset);
      pending = pending.subarray(offset);
      if (cut === 'before') {
        cuts.before++;
        return closeBoth();
      }
      if (cut === 'after') {
        cuts.after++;
        dropAnswer = true;
      }
      if (whole.length > 0) upstream.write(whole);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    cuts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
