import { expect } from 'chai';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { linkedSite } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const FAST = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0', '--set', 'metadata.operatorContactUrl=https://example.org/contact'];
const EXAMPLE = join(REPO_ROOT, 'examples', 'csv-receiver');

/** The default profile with the example package's CsvReceiver beside the JSON Lines one. */
async function beansWith(receiver: string): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  return profile.replace(/(<bean id="receivers" class="ReceiverProcessor">\s*<property name="receivers">\s*<list>)/, `$1\n    ${receiver}`);
}

describe('components from other packages (the example package under examples/, the real binary)', function () {
  this.timeout(60_000);

  it('crawls with a receiver an installed package gives, named package:Component; verify and docs know it', async () => {
    const site = await linkedSite(5);
    const job = await tempDir({
      'crawler-beans.xml': await beansWith('<bean class="beancrawl-example-csv:CsvReceiver"><property ' +
        'name="columns"><list><value>url</value><value>status</value><value>mimeType</value></list></property></bean>'),
    });
    try {
      // Installed in the job folder, as `npm install` would put it there.
      await mkdir(join(job.dir, 'node_modules'));
      await symlink(EXAMPLE, join(job.dir, 'node_modules', 'beancrawl-example-csv'), 'dir');
      const verified = await runCli(['verify', job.dir, '--set', `seeds.textSource.value=${site.origin}/`, ...FAST]);
      expect(verified.code, verified.stderr).to.equal(0);

      const launched = await runCli(['launch', job.dir, '--set', `seeds.textSource.value=${site.origin}/`, ...FAST]);
      expect(launched.code, launched.stderr).to.equal(0);
      const [run] = await readdir(join(job.dir, 'runs'));
      const lines = (await readFile(join(job.dir, 'runs', run, 'documents.csv'), 'utf8')).trim().split('\n');
      expect(lines[0]).to.equal('url,status,mimeType');
      expect(lines.slice(1).sort()).to.deep.equal([`${site.origin}/`, ...[0, 1, 2, 3, 4].map((i) => `${site.origin}/p${i}`)].map((u) => `${u},200,text/html`).sort());

      const docs = await runCli(['docs', '--package', 'beancrawl-example-csv'], { cwd: job.dir });
      expect(docs.code, docs.stderr).to.equal(0);
      expect(docs.stdout).to.contain('# Components of beancrawl-example-csv (in bean files: beancrawl-example-csv:NAME)').and.contain('## CsvReceiver');
    } finally {
      await site.close();
      await job.cleanup();
    }
  });

  it('reports a component the package lacks, a bad value of its properties and a package not installed, each at its line', async () => {
    const job = await tempDir({});
    try {
      await mkdir(join(job.dir, 'node_modules'));
      await symlink(EXAMPLE, join(job.dir, 'node_modules', 'beancrawl-example-csv'), 'dir');
      const check = async (receiver: string) => {
        await writeFile(join(job.dir, 'crawler-beans.xml'), await beansWith(receiver));
        return runCli(['verify', job.dir, ...FAST]);
      };
      const misspelt = await check('<bean class="beancrawl-example-csv:CsvReciever"/>');
      expect(misspelt.code).to.equal(1);
      expect(misspelt.stderr).to.match(/crawler-beans\.xml:\d+:\d+: error BC_CLASS_UNKNOWN: bean "[^"]+": package "beancrawl-example-csv" has no component "CsvReciever"\n {2}hint: its components: beancrawl-example-csv:CsvReceiver/);
      const badColumn = await check('<bean class="beancrawl-example-csv:CsvReceiver"><property ' +
        'name="columns"><list><value>url</value><value>colour</value></list></property></bean>');
      expect(badColumn.code).to.equal(1);
      expect(badColumn.stderr).to.match(/crawler-beans\.xml:\d+:\d+: error BC_\w+: bean "[^"]+" property "columns[^"]*": .*colour|must be equal to one of/);
      const twice = await check('<bean class="beancrawl-example-csv:CsvReceiver"><property ' +
        'name="columns"><list><value>url</value><value>url</value></list></property></bean>');
      expect(twice.stderr).to.contain('names the column "url" twice');
      const missing = await check('<bean class="beancrawl-example-nope:CsvReceiver"/>');
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.match(/error BC_PACKAGE_NOT_FOUND: bean "[^"]+": package "beancrawl-example-nope" is not installed where this job can find it/);
      expect(`${misspelt.stderr}${badColumn.stderr}${missing.stderr}`).to.not.match(/\n\s+at /);
    } finally {
      await job.cleanup();
    }
  });
});
