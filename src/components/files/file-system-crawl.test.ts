import { expect } from 'chai';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crawlJob } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';

/**
 * A file-system crawl with profiles/file-system.xml: FetchFile as the fetch chain, `file` the
 * only scheme in scope, no politeness delay, room for deep trees and big folders, and a
 * uniqueness key that keeps case (file names are case-sensitive).
 */

describe('crawling a folder tree (integration)', function () {
  this.timeout(30000);
  let base: string;
  let root: string;

  before(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), 'beancrawl-files-')));
    root = join(base, 'Documents Root');
    const files: Record<string, string> = {
      'readme.txt': 'hello', 'Report 2024.pdf': '%PDF-1.4', 'notes/a.md': '# a', 'notes/A.md': '# A', 'notes/deep/deeper/leaf.html': '<p>leaf</p>',
      'notes/ünïcode & more #1.txt': 'x', 'empty/.keep': '', '.hidden.txt': 'secret', '.git/config': '[core]', 'notes/.DS_Store': '?',
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(root, name, '..'), { recursive: true });
      await writeFile(join(root, name), text);
    }
    await mkdir(join(base, 'elsewhere'));
    await writeFile(join(base, 'elsewhere', 'private.txt'), 'not to be crawled');
    await symlink(join(base, 'elsewhere'), join(root, 'escape'));
    await symlink(join(root, 'notes'), join(root, 'notes-link'));
  });

  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('lists every file and folder once, skips hidden ones, and does not follow a link out of the seed folder', async () => {
    const seed = pathToFileURL(root).href + '/';
    const { log, exitStatus } = await crawlJob(['metadata.operatorContactUrl=http://example.org/contact', `seeds.textSource.value=${seed}`], { profile: 'file-system.xml' });
    expect(exitStatus).to.equal('FINISHED');
    const uris = log.map((e) => e.uri);
    expect(new Set(uris).size, 'each URI once').to.equal(uris.length);
    const rel = (e: { uri: string }) => decodeURIComponent(e.uri.slice(seed.length));
    const fetched = log.filter((e) => e.status === 200).map(rel).sort();
    const notes = ['notes/', 'notes/A.md', 'notes/a.md', 'notes/deep/', 'notes/deep/deeper/', 'notes/deep/deeper/leaf.html', 'notes/ünïcode & more #1.txt'];
    expect(fetched).to.deep.equal([
      '', 'Report 2024.pdf', 'empty/', ...notes, ...notes.map((n) => n.replace('notes/', 'notes-link/')), 'readme.txt',
    ].sort());
    expect(log.find((e) => rel(e) === 'escape/')).to.deep.include({ status: -5002, annotations: 'symlinkNotFollowed:outside' });
    expect(uris.some((u) => u.includes('private.txt') || u.includes('elsewhere'))).to.equal(false);
    expect(uris.some((u) => /hidden|\.git|DS_Store|\.keep/.test(u))).to.equal(false);
    const pdf = log.find((e) => rel(e) === 'Report 2024.pdf')!;
    expect([pdf.mime, pdf.size, pdf.hops, pdf.via]).to.deep.equal(['application/pdf', '8', 'L', seed]);
    expect(log.find((e) => rel(e) === 'notes/deep/deeper/')).to.deep.include({ mime: 'inode/directory', hops: 'LLL' });
  });

  it('crawls hidden files with crawlHiddenFiles; a scope rule can keep the tree behind a link inside the seed out', async () => {
    const seed = pathToFileURL(root).href + '/';
    const { log } = await crawlJob(['metadata.operatorContactUrl=http://example.org/contact', `seeds.textSource.value=${seed}`, 'fetchFile.crawlHiddenFiles=true'], {
      beans: (await readFile(join(REPO_ROOT, 'profiles', 'file-system.xml'), 'utf8')).replace('<ref bean="acceptSurts"/>', '<ref ' +
        'bean="acceptSurts"/><bean class="MatchesListRegexDecideRule"><property name="decision" value="REJECT"/><property ' +
        'name="regexList"><list><value>.*/notes-link/.*</value></list></property></bean>'),
    });
    const rel = log.filter((e) => e.status === 200).map((e) => decodeURIComponent(e.uri.slice(seed.length)));
    expect(rel).to.include.members(['.hidden.txt', '.git/', '.git/config', 'notes/.DS_Store', 'empty/.keep']);
    expect(rel.filter((r) => r.startsWith('notes-link/'))).to.deep.equal([]);
  });
});
