import { expect } from 'chai';
import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchJob } from '../../src/job/launch-job.js';
import { ChangingSite } from '../support/changing-site.js';
import { DovecotServer } from '../support/dovecot-server.js';
import { mailMessage } from '../support/mail-messages.js';
import { PostgresServer } from '../support/postgres-server.js';
import { requireServer } from '../support/require-server.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

interface Line { kind: string; url: string }

/** delta-recrawl with every fetcher: the web, folders (their zips opened), mailboxes and database tables. */
function everySourceProfile(): string {
  return readFileSync(join(REPO_ROOT, 'profiles', 'delta-recrawl.xml'), 'utf8')
    .replace('<ref bean="fetchHttp"/>', '<ref bean="fetchHttp"/>\n    <ref bean="fetchFile"/>\n    <ref bean="fetchImap"/>\n    <ref bean="fetchTable"/>')
    .replace('<ref bean="extractorSwf"/>', '<ref bean="extractorSwf"/>\n    <ref bean="extractorCompound"/>')
    .replace('<bean class="SchemeNotInSetDecideRule"/>', '<bean class="SchemeNotInSetDecideRule"><property ' +
      'name="schemes"><list><value>http</value><value>https</value><value>dns</value><value>file</value><value>imap</value><value>postgresql</value></list></property></bean>')
    .replace('</beans>', ` <bean id="fetchFile" class="FetchFile"/>
 <bean id="fetchImap" class="FetchImap"/>
 <bean id="fetchTable" class="FetchTable"/>
 <bean id="tableDriver" class="PostgresTableDriver"/>
 <bean id="extractorCompound" class="ExtractorCompound"/>
</beans>`);
}

const zip = (files: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]))));

describe('one bean file, every kind of source: a web site, a folder with a zip, a mailbox and a database table, crawled twice (integration)', function () {
  this.timeout(180_000);

  before(function () {
    requireServer(this, 'dovecot-imapd');
    requireServer(this, 'postgresql');
  });

  it('gives the receivers each document, element, message and row once, with the right delta kind on the next run', async () => {
    const site = new ChangingSite();
    site.set('/', page('home', ['/a', '/b']));
    site.set('/a', page('a'));
    site.set('/b', page('b'));
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
    for (const p of ['/', '/a', '/b']) routes[p] = site.route(p);
    const web = await SiteServer.start(routes);
    const files = await tempDir({ 'tree/notes.txt': 'notes', 'tree/pack.zip': zip({ 'x.txt': 'x one', 'y.txt': 'why' }) });
    const mail = await DovecotServer.create({ bob: 'bob-Pass-7q' });
    const pg = await PostgresServer.create();
    const job = await tempDir({ 'crawler-beans.xml': everySourceProfile() });
    try {
      await mail.with('bob', async (c) => {
        for (let n = 1; n <= 4; n++) await c.append('INBOX', mailMessage(n, { attachment: n === 4 }));
      });
      await pg.query('CREATE TABLE items (id integer PRIMARY KEY, title text NOT NULL)');
      await pg.query("INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'three')");
      const db = new URL(pg.connectionString);
      const folder = pathToFileURL(join(files.dir, 'tree')).href + '/';
      const seeds = [`${web.origin}/`, folder, mail.url('bob', 'INBOX', true), `postgresql://${db.username}@${db.host}/postgres?table=items&key=id`];
      const sets = ['metadata.operatorContactUrl=http://example.org/contact', `seeds.textSource.value=${seeds.join('\\n')}`,
        'disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0', 'fetchHistory.maxDeletePercent=100'];
      const source = (url: string) => url.startsWith(web.origin) ? `web${url.slice(web.origin.length)}`
        : url.startsWith(folder) ? `file/${url.slice(folder.length)}`
        : url.startsWith('imap:') ? `mail/${/UID=(\d+)(!\/.*)?$/.exec(url)!.slice(1).filter(Boolean).join('')}`
        : `table/${/\/items\/(\d+)\?/.exec(url)![1]}`;
      const run = async () => {
        const result = await launchJob(job.dir, { sets: sets.map((s) => s.replace(/\\n/g, '\n')) });
        expect(result.exitStatus).to.equal('FINISHED');
        const lines = readFileSync(join(job.dir, result.runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
        const urls = lines.map((l) => l.url);
        expect(urls, 'each document once').to.deep.equal([...new Set(urls)]);
        const byKind: Record<string, string[]> = {};
        for (const l of lines) (byKind[l.kind] ??= []).push(source(l.url));
        for (const k of Object.keys(byKind)) byKind[k].sort();
        return byKind;
      };

      const first = await run();
      expect(first).to.deep.equal({
        new: ['file/notes.txt', 'file/pack.zip', 'file/pack.zip!/x.txt', 'file/pack.zip!/y.txt', 'mail/1', 'mail/2', 'mail/3', 'mail/4', 'mail/4!/file-4.bin',
          'table/1', 'table/2', 'table/3', 'web/', 'web/a', 'web/b'].sort(),
      });

      // A change in each source: a page edited and one gone, a zip's element, a message expunged, a row updated and one added.
      site.set('/a', page('a, edited'));
      site.set('/b', 'gone', 404);
      await writeFile(join(files.dir, 'tree', 'pack.zip'), zip({ 'x.txt': 'x two', 'y.txt': 'why' }));
      await utimes(join(files.dir, 'tree', 'pack.zip'), new Date(), new Date(Date.now() + 60_000));
      await mail.with('bob', async (c) => {
        const lock = await c.getMailboxLock('INBOX');
        try {
          await c.messageDelete('2', { uid: true });
        } finally {
          lock.release();
        }
      });
      await pg.query("UPDATE items SET title = 'two, edited' WHERE id = 2");
      await pg.query("INSERT INTO items VALUES (4, 'four')");
      const second = await run();
      expect(second).to.deep.equal({
        new: ['table/4'],
        changed: ['file/pack.zip', 'file/pack.zip!/x.txt', 'table/2', 'web/a'],
        unchanged: ['file/notes.txt', 'file/pack.zip!/y.txt', 'mail/1', 'mail/3', 'mail/4', 'mail/4!/file-4.bin', 'table/1', 'table/3', 'web/'],
        deleted: ['mail/2', 'web/b'],
      });
    } finally {
      await job.cleanup();
      await web.close();
      await files.cleanup();
      await mail.close();
      await pg.close();
    }
  });
});
