import { connect } from 'node:net';

/** An answer read off a raw connection: its status, its headers (names in lower case) and its body. */
export interface RawAnswerRead {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends `head` (a request head written out whole, CRLFs and all) on a new connection to
 * 127.0.0.1:`port` and reads the answer until the server ends the connection or the body is
 * whole: for requests no HTTP client would send (a 40 kB header, a URL not percent-encoded).
 */
export function rawRequest(port: number, head: string): Promise<RawAnswerRead> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = text.slice(end + 4);
      if (headers['content-length'] !== undefined && Buffer.byteLength(body) < Number(headers['content-length'])) return false;
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      return true;
    };
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
      done();
    });
    // The server may close while the test still writes (its head too large): what it answered first is what counts.
    socket.on('error', (e) => {
      if (!done()) reject(new Error(`no answer before ${e.message}; read so far: ${JSON.stringify(text.slice(0, 500))}`));
    });
    socket.on('close', () => {
      if (!done()) reject(new Error(`the connection closed before a whole answer; read so far: ${JSON.stringify(text.slice(0, 500))}`));
    });
    socket.write(head);
  });
}
