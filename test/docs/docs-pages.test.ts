import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../support/run-cli.js';
import { documentedIn } from './docs-index.js';
import { anchorsOf, isExternal, linksOf, slugOf } from './markdown-links.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const DOCS = join(REPO_ROOT, 'docs');
/** The pages the tests read: the README, CONTRIBUTING.md and every Markdown page under docs/. */
const PAGES = [join(REPO_ROOT, 'README.md'), join(REPO_ROOT, 'CONTRIBUTING.md'), ...filesUnder(DOCS).filter((f) => f.endsWith('.md'))];
const name = (path: string) => relative(REPO_ROOT, path);

/** Where a relative link of `page` leads: the file and the anchor, if any. */
function targetOf(page: string, link: string): { file: string; anchor?: string } {
  const [path, anchor] = link.split('#', 2);
  return { file: path ? resolve(dirname(page), decodeURIComponent(path)) : page, anchor: anchor || undefined };
}

describe('the documentation pages', () => {
  it('every relative link of the README, CONTRIBUTING.md and docs/ resolves, its #anchor included', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const link of linksOf(readFileSync(page, 'utf8'))) {
        if (isExternal(link)) continue;
        const { file, anchor } = targetOf(page, link);
        if (!existsSync(file)) broken.push(`${name(page)}: (${link}): no file ${name(file)}`);
        else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${name(page)}: (${link}): ` +
          `${name(file)} has no heading whose anchor is #${anchor}`);
      }
    }
    expect(broken, broken.join('\n')).to.deep.equal([]);
  });

  it('every file under docs/ can be reached from the README through links', () => {
    const reached = new Set<string>();
    const todo = [join(REPO_ROOT, 'README.md')];
    while (todo.length) {
      const page = todo.pop()!;
      if (reached.has(page)) continue;
      reached.add(page);
      if (!page.endsWith('.md') || !existsSync(page) || statSync(page).isDirectory()) continue;
      for (const link of linksOf(readFileSync(page, 'utf8'))) if (!isExternal(link)) todo.push(targetOf(page, link).file);
    }
    const unreached = filesUnder(DOCS).filter((f) => !reached.has(f)).map(name);
    expect(unreached, `not linked from README.md or any page it leads to: ${unreached.join(', ')}`).to.deep.equal([]);
  });

  it('the README is the front door: at most 250 lines', () => {
    const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines, 'README.md: move the detail into docs/ and link it').to.be.at.most(250);
  });

  it('no table row runs longer than 500 characters (a long one reads better as a list)', () => {
    const long = PAGES.filter((p) => !p.includes(`${join('docs', 'reference')}`)).flatMap((page) => readFileSync(page, 'utf8').split('\n')
      .map((line, i) => ({ line, at: `${name(page)}:${i + 1}` })).filter(({ line }) => line.startsWith('|') && line.length > 500).map(({ at, line }) => `${at} (${line.length})`));
    expect(long, long.join('\n')).to.deep.equal([]);
  });

  it('each component area of src/components/ is named in the layout where the docs index says', async () => {
    const { path, text } = await documentedIn('component area');
    const areas = readdirSync(join(REPO_ROOT, 'src', 'components')).filter((a) => statSync(join(REPO_ROOT, 'src', 'components', a)).isDirectory());
    expect(areas.length).to.be.greaterThan(10);
    for (const area of areas) expect(text, `${path}: the component area ${area}`).to.match(new RegExp(`^- \`${area}\`: `, 'm'));
  });

  it('each profile has its section where the docs index says', async () => {
    const { path, text } = await documentedIn('profile');
    const profiles = [...new Set(readdirSync(join(REPO_ROOT, 'profiles')).map((f) => f.replace(/\.(xml|json)$/, '')))];
    expect(profiles).to.include('default');
    const anchors = anchorsOf(text);
    for (const profile of profiles) expect([...anchors], `${path}: a section "## \`${profile}\`"`).to.include(slugOf(`\`${profile}\``));
  });

  it('reads anchors as GitHub makes them', () => {
    expect(slugOf('Editors: `beancrawl lsp`')).to.equal('editors-beancrawl-lsp');
    expect(slugOf('A site\'s search index in PostgreSQL')).to.equal('a-sites-search-index-in-postgresql');
    expect(slugOf('`status`, `pause`, `unpause`')).to.equal('status-pause-unpause');
    expect(slugOf('One crawl, many workers (Redis)')).to.equal('one-crawl-many-workers-redis');
    expect([...anchorsOf('# A\n\n## Related\n\n```\n# not a heading\n```\n\n## Related\n')]).to.deep.equal(['a', 'related', 'related-1']);
  });
});
