import type { Socket } from 'node:net';
import type { buildConnector as BuildConnector } from 'undici';
import buildConnector from 'undici/lib/core/connect.js';

/**
 * The bytes one connection received since the response now being read began, as they came off
 * the socket: status line, headers, and the entity with its transfer coding (chunk framing) and
 * content coding. This is what Heritrix's Recorder keeps, since it wraps the socket's stream;
 * undici hands its callers only the decoded body.
 */
export class SocketTap {
  #chunks: Buffer[] = [];
  length = 0;

  /** Set while a response is kept partly in a file: the bytes go there instead (still counted). */
  sink?: (chunk: Buffer) => void;

  push(chunk: Buffer): void {
    this.length += chunk.length;
    if (this.sink !== undefined) this.sink(chunk);
    else this.#chunks.push(chunk);
  }

  /** A response was taken and no request has been written since: bytes now are none of any request's. */
  idle = false;

  /**
   * The bytes kept so far, and a fresh start for the next response on this connection; `ended`
   * (the default): the response is over, and the connection idle until a request is written.
   */
  take(ended = true): Buffer {
    if (ended) this.idle = true;
    const bytes = this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks);
    this.#chunks = [];
    this.length = 0;
    return bytes;
  }
}

/** The tap of the socket undici is parsing right now: set by each read, cleared once the read's parse (synchronous) is over. */
let parsing: SocketTap | undefined;

/**
 * The tap of the connection whose bytes undici's HTTP/1.1 parser is handling at this moment.
 * undici reads a socket with `socket.read()` and parses each chunk at once, calling the request's
 * handler from inside that parse; so, called from a handler callback, this is that request's
 * connection. Undefined outside a parse or for a connection that is not tapped.
 */
export function currentTap(): SocketTap | undefined {
  return parsing;
}

/** What a request about to be written is told of its connection. */
export interface WriteWatcher {
  /** True when the connection had answered a request before this one: a kept-alive connection, reused. */
  reusedConnection: boolean;
}

/** The request undici is about to write: set by its handler's onConnect, which undici calls just before it writes the request on the socket. */
let writing: WriteWatcher | undefined;

/**
 * Called from a handler's onConnect: the next request written on a tapped connection is this one's,
 * and it learns whether that connection is a kept-alive one reused (undici calls onConnect and then
 * writes the request head in the same synchronous step).
 */
export function watchNextWrite(watcher: WriteWatcher): void {
  writing = watcher;
}

function clear(tap: SocketTap): void {
  if (parsing === tap) parsing = undefined;
}

/**
 * Wraps the socket's `read` so that every chunk undici takes from it is kept by a tap, once per
 * connection; and its `write`, so that the tap knows when a request was written since the last
 * response: data read in between (a response nobody asked for) closes the connection.
 */
function tapSocket(socket: Socket): void {
  const tap = new SocketTap();
  const read = socket.read;
  const write = socket.write;
  socket.write = function tappedWrite(this: Socket, ...args: unknown[]) {
    if (writing !== undefined) {
      writing.reusedConnection = tap.idle;
      writing = undefined;
    }
    tap.idle = false;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Socket['write'];
  socket.read = function tappedRead(this: Socket, size?: number) {
    const chunk = read.call(this, size) as Buffer | string | null;
    if (chunk !== null && typeof chunk !== 'string' && tap.idle) {
      // Bytes on a kept-alive connection before the next request was written answer nothing that
      // was asked: they are dropped, and so is the connection (without an error, so that undici
      // sends the requests waiting for it on a new one).
      process.nextTick(() => socket.destroy());
      return null;
    }
    if (chunk !== null && typeof chunk !== 'string') tap.push(chunk);
    parsing = tap;
    queueMicrotask(() => clear(tap));
    return chunk;
  } as Socket['read'];
}

/** undici's connector with every connection it makes tapped. */
export function tappedConnector(connect: BuildConnector.connector): BuildConnector.connector {
  return (options, callback) => {
    connect(options, (...args: BuildConnector.CallbackArgs) => {
      if (args[0] === null) tapSocket(args[1]);
      callback(...args);
    });
  };
}

/** A tapped connector built from undici's own options (lookup, timeouts, TLS). */
export function tappedConnect(options: BuildConnector.BuildOptions): BuildConnector.connector {
  return tappedConnector(buildConnector(options));
}
