import { expect } from 'chai';
import { messageExtent } from './message-extent.js';

const b = (s: string) => Buffer.from(s, 'latin1');
const EXTRA = 'HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nnot';

describe('messageExtent', () => {
  it('ends a Content-Length response after its body, whatever follows', () => {
    const head = 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n';
    expect(messageExtent(b(head + 'hello' + EXTRA), 200, ['Content-Length', '5'], 'GET')).to.equal(head.length + 5);
  });

  it('ends a chunked response after its last chunk and trailer lines', () => {
    const message = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Sum: 1\r\n\r\n';
    expect(messageExtent(b(message + EXTRA), 200, ['Transfer-Encoding', 'chunked'], 'GET')).to.equal(message.length);
    expect(messageExtent(b(message.slice(0, -2)), 200, ['Transfer-Encoding', 'chunked'], 'GET')).to.equal(undefined);
  });

  it('gives no body to 204, 304 and HEAD; skips interim 1xx heads; leaves a close-delimited response whole', () => {
    const head = 'HTTP/1.1 304 Not Modified\r\nETag: "a"\r\n\r\n';
    expect(messageExtent(b(head + EXTRA), 304, ['ETag', '"a"'], 'GET')).to.equal(head.length);
    const interim = 'HTTP/1.1 100 Continue\r\n\r\n';
    const final = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
    expect(messageExtent(b(interim + final + EXTRA), 200, ['Content-Length', '2'], 'POST')).to.equal(interim.length + final.length);
    expect(messageExtent(b('HTTP/1.1 200 OK\r\n\r\nall of it'), 200, [], 'GET')).to.equal(undefined);
  });
});
