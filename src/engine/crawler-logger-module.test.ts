import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { CrawlUri } from '../model/crawl-uri.js';
import { CrawlerLoggerModule } from './crawler-logger-module.js';

describe(`${CrawlerLoggerModule.name} with logExtraInfo`, () => {
  it('appends the extra info as Heritrix does: `{}` for a URI never fetched, contentSize then the WARC file and offset', async () => {
    const folder = await tempDir();
    try {
      const logger = new CrawlerLoggerModule({ path: folder.dir, logExtraInfo: true, stateStore: undefined });
      await logger.start();
      const precluded = new CrawlUri('http://site.test/private/x');
      precluded.fetchStatus = -9998;
      const fetched = new CrawlUri('http://site.test/');
      fetched.fetchStatus = 200;
      fetched.extraInfo.contentSize = 321;
      fetched.extraInfo.warcFilename = 'WEB-1.warc.gz';
      fetched.extraInfo.warcFileOffset = 0;
      logger.crawled(precluded);
      logger.crawled(fetched);
      await logger.stop();
      const extras = (await readFile(join(folder.dir, 'crawl.log'), 'utf8')).trim().split('\n').map((l) => l.slice(l.indexOf(' {') + 1));
      expect(extras).to.deep.equal(['{}', '{"contentSize":321,"warcFilename":"WEB-1.warc.gz","warcFileOffset":0}']);
    } finally {
      await folder.cleanup();
    }
  });
});
