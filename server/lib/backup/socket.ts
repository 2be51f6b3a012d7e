import { rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * The running app's side of `npm run backup`. PGlite is one process's: while the app runs, no
 * other process may open its folder, so the app itself archives the database when asked. It
 * listens on a unix socket in DATA_DIR, not on a network port: the socket is 0600 in a 0700
 * folder, so only the service's own user (or root) can reach it, the same people who can read
 * DATA_DIR anyway, and nothing about it is exposed to the network.
 */
const SOCKET = 'backup.sock';

/** Unix socket addresses are limited to about 104 bytes; a relative one is often shorter. */
const MAX_SOCKET_PATH = 100;

/** The socket's address from this process's working folder, or undefined when none fits. */
function backupSocketPath(dataDir: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const absolute = path.join(path.resolve(dataDir), SOCKET);
  const relative = path.relative(process.cwd(), absolute);
  const shortest = relative.length < absolute.length ? relative : absolute;
  return shortest.length <= MAX_SOCKET_PATH ? shortest : undefined;
}

type SocketLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * Answers GET /database on DATA_DIR/backup.sock with the database's archive. Resolves to the
 * function that stops listening (and removes the socket).
 */
export async function serveBackups(
  dataDir: string,
  dumpFolder: () => Promise<Blob>,
  log: SocketLog,
): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  if (!socket) {
    log.warn(
      { dataDir },
      'npm run backup cannot reach this app: the path of DATA_DIR is too long for a socket; stop the app to back it up',
    );
    return async () => {};
  }
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/database') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    const started = Date.now();
    dumpFolder().then(
      (archive) => {
        res.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': String(archive.size),
        });
        Readable.fromWeb(archive.stream() as never).pipe(res);
        res.once('finish', () =>
          log.info({ bytes: archive.size, ms: Date.now() - started }, 'backup: database archived'),
        );
      },
      (err: unknown) => {
        log.warn({ err }, 'backup: the database could not be archived');
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `The app could not archive its database: ${err}` }));
      },
    );
  });
  // Left by a process that died (kill -9): this process holds the database's lock, so the socket
  // can be no other live app's.
  rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The running app's archive of its database, as a stream; an Error in plain words otherwise. */
export function requestArchive(dataDir: string): Promise<Readable> {
  const socket = backupSocketPath(dataDir);
  if (!socket) {
    return Promise.reject(
      new Error(
        'The app is running, and the path of DATA_DIR is too long to reach it through its backup socket: stop the app, then run npm run backup again.',
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socket, path: '/database', method: 'GET' }, (res) => {
      if (res.statusCode === 200) return resolve(res);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        let message = text;
        try {
          message = (JSON.parse(text) as { message: string }).message;
        } catch {}
        reject(new Error(message || `The app answered ${res.statusCode}`));
      });
    });
    req.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
            ? 'The app is running but does not answer on DATA_DIR/backup.sock (is it an older version, or still starting?): try again once it is up, or stop it and run npm run backup again.'
            : `Could not reach the running app through DATA_DIR/backup.sock: ${error.message}`,
        ),
      ),
    );
    req.end();
  });
}
