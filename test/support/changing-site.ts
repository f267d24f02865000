import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A site whose pages a test edits between runs. Each page answers with an ETag and honours
 * If-None-Match, as most servers do; a page not set answers 404. `bodies` lists the full answers.
 */
export class ChangingSite {
  readonly pages = new Map<string, { status: number; body: string }>();
  bodies: string[] = [];

  route(path: string): (req: IncomingMessage, res: ServerResponse) => void {
    return (req: IncomingMessage, res: ServerResponse) => {
      const p = this.pages.get(path);
      if (!p) return res.writeHead(404, { 'content-type': 'text/html' }).end('<html>gone</html>');
      if (p.status !== 200) return res.writeHead(p.status, { 'content-type': 'text/html' }).end(`<html>${p.status}</html>`);
      const etag = `"${createHash('sha1').update(p.body).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      this.bodies.push(path);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(p.body);
    };
  }

  set(path: string, body: string, status = 200): void {
    this.pages.set(path, { status, body });
  }
}
