import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** What a raw server does with one request: the path of its request line, the connection it came on, its number on the server (1 for the first). */
export type RawAnswer = (path: string, socket: Socket, n: number) => void;

/**
 * A TCP server that speaks just enough HTTP/1.1 for tests needing bytes an HTTP library would not
 * write (chunk extensions, odd spacing, a response nobody asked for): it splits what each
 * connection sends into request heads (bodies are not expected) and hands each to `answer`,
 * which writes to the socket whatever it likes.
 */
export class RawHttpServer {
  /** Every connection accepted, in order. */
  readonly connections: Socket[] = [];
  /** Requests read so far. */
  requests = 0;
  readonly #server: Server;

  private constructor(answer: RawAnswer) {
    this.#server = createServer((socket) => {
      this.connections.push(socket);
      socket.on('error', () => undefined);
      let pending = '';
      socket.on('data', (data) => {
        pending += data.toString('latin1');
        for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
          const path = pending.slice(0, end).split(' ')[1];
          pending = pending.slice(end + 4);
          answer(path, socket, ++this.requests);
        }
      });
    });
  }

  static async start(answer: RawAnswer): Promise<RawHttpServer> {
    const s = new RawHttpServer(answer);
    await new Promise<void>((resolve) => s.#server.listen(0, '127.0.0.1', resolve));
    return s;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.connections) s.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
