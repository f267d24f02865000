import { expect } from 'chai';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { keepRunOutputs, type RunOutputs } from '../support/run-outputs.js';
import { SiteServer } from '../support/site-server.js';

describe('BrowserProcessor: a page\'s WebSocket', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('is refused: never connected to its server, closed on the page\'s side with 1008, counted in processors-report.txt', async () => {
    // The WebSocket's server: any upgrade request it gets is a socket that went around the crawl.
    const upgrades: string[] = [];
    const wsServer = createServer((_req, res) => res.end());
    wsServer.on('upgrade', (req, socket) => {
      upgrades.push(req.url ?? '');
      socket.destroy();
    });
    wsServer.listen(0, '127.0.0.1');
    await once(wsServer, 'listening');
    const wsPort = (wsServer.address() as AddressInfo).port;
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': { body: `<!doctype html><html><head><title>live</title></head><body><div id="app">waiting</div><script>
        var ws = new WebSocket('ws://127.0.0.1:${wsPort}/live');
        ws.onclose = function (e) {
          var done = document.createElement('p');
          done.id = 'done';
          done.textContent = 'socket closed ' + e.code;
          document.body.appendChild(done);
        };
      </script></body></html>` },
    });
    try {
      const seen: RunOutputs = {};
      const inspect = keepRunOutputs(seen);
      const sets = fastSets([`${site.origin}/`], ['browser.waitUntil=selector', 'browser.waitSelector=#done']);
      const { exitStatus, log } = await crawlJob(sets, { beans: await renderingBeans(), inspect });
      expect(exitStatus).to.equal('FINISHED');
      const page = log.find((e) => e.uri === `${site.origin}/`);
      expect(page?.annotations, `crawl.log:\n${log.map((e) => e.line).join('\n')}`).to.match(/(^|,)rendered(,|$)/);
      expect(upgrades, 'upgrade requests the WebSocket server got').to.deep.equal([]);
      const doc = seen.documents!.find((d) => d.url === `${site.origin}/`);
      expect(doc?.text, 'the rendered page').to.contain('socket closed 1008');
      expect(seen.report, 'processors report').to.contain('1 WebSockets refused');
    } finally {
      await site.close();
      wsServer.close();
    }
  });
});
