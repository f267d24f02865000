import { expect } from 'chai';
import { verifyJob } from '../../src/job/verify-job.js';
import { formatDiagnostic } from '../../src/util/diagnostic.js';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { tempDir } from '../support/temp-dir.js';
import { verifyText } from '../support/verify-text.js';

const registry = builtInRegistry();
const made: string[] = [];
after(async () => {
  const { rm } = await import('node:fs/promises');
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** A seeds.txt outside the job, by absolute path. */
async function seedsFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'beancrawl-seeds-'));
  made.push(dir);
  await writeFile(join(dir, 'seeds.txt'), text);
  return join(dir, 'seeds.txt');
}

/** A job on a profile, with these seed lines (from line 6 of the file on) and a contact URL. */
const job = (profile: string, seeds: string) => `<beans>
 <import resource="classpath:profiles/${profile}.xml"/>
 <bean id="jobOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><props>
   <prop key="seeds.textSource.value">
${seeds}
   </prop>
   <prop key="metadata.operatorContactUrl">https://example.org/contact</prop>
  </props></property>
 </bean>
</beans>`;

async function lines(profile: string, seeds: string, extra: Record<string, string> = {}): Promise<string[]> {
  const dir = await tempDir({ 'crawler-beans.xml': job(profile, seeds), ...extra });
  try {
    return (await verifyJob(dir.dir)).diagnostics.map(formatDiagnostic).map((l) => l.slice(l.indexOf('crawler-beans.xml')));
  } finally {
    await dir.cleanup();
  }
}

describe('seeds at verify (level 3)', () => {
  it('keeps Heritrix\'s reading of a line without a scheme: example.com is http://example.com', async () => {
    expect(await lines('default', 'example.com\nwww.example.org/docs/\nlocalhost:8080/\nhttp://intranet/')).to.deep.equal([]);
  });

  it('reports a line that is not a URL at its own line', async () => {
    const found = await lines('default', 'https://example.org/\nnotaurl\nhttp//x\nhttp:/example.org/');
    expect(found).to.have.length(3);
    expect(found[0]).to.match(/^crawler-beans\.xml:7:1: error BC_BEAN_INVALID: bean "seeds" property "textSource": seed "notaurl" is not a URL: it has no scheme, and "notaurl" is no host name/);
    expect(found[1]).to.match(/^crawler-beans\.xml:8:1: error BC_BEAN_INVALID: .*seed "http\/\/x" is not a URL: the scheme http must be followed by ":\/\/"/);
    expect(found[2]).to.match(/^crawler-beans\.xml:9:1: error BC_BEAN_INVALID: .*seed "http:\/example\.org\/" is not a URL: the scheme http must be followed by ":\/\/"/);
  });

  it('reports a folder path or a file: seed given to a web profile, naming the file-system profile', async () => {
    const found = await lines('default', '/srv/docs\nfile:///srv/other/');
    expect(found).to.have.length(2);
    expect(found[0]).to.match(/^crawler-beans\.xml:6:1: error BC_BEAN_INVALID: .*seed "\/srv\/docs" is a folder path: .*--profile file-system --seed file:\/\/\/srv\/docs\/\)$/);
    expect(found[1]).to.match(/^crawler-beans\.xml:7:1: error BC_BEAN_INVALID: .*seed "file:\/\/\/srv\/other\/" is a file: URL, which this job cannot fetch \(no FetchFile in its fetch chain\): .*--profile file-system/);
  });

  it('tells the file-system profile how to write a folder, and refuses a web seed there', async () => {
    const found = await lines('file-system', '/srv/docs\nhttps://example.org/');
    expect(found).to.have.length(2);
    expect(found[0]).to.match(/^crawler-beans\.xml:6:1: error BC_BEAN_INVALID: .*seed "\/srv\/docs" is a folder path, not a URL: a folder is crawled as the seed file:\/\/\/srv\/docs\/$/);
    expect(found[1]).to.match(/^crawler-beans\.xml:7:1: error BC_BEAN_INVALID: .*seed "https:\/\/example\.org\/" is a web URL, which this job cannot fetch \(no FetchHttp/);
    expect(await lines('file-system', 'file:///srv/docs/')).to.deep.equal([]);
  });

  it('refuses a mailbox seed in a web job, naming the mailbox profile, and a web seed in a mailbox job; never quotes a seed\'s password', async () => {
    const web = await lines('default', 'imap://bob:Hush-7@mail.example.org/INBOX');
    expect(web).to.have.length(1);
    expect(web[0]).to.match(/^crawler-beans\.xml:6:1: error BC_BEAN_INVALID: .*seed "imap:\/\/bob@mail\.example\.org\/INBOX" is a mailbox \(imap:\) URL, which this job cannot fetch \(no FetchImap .*--profile mailbox/);
    const mail = await lines('mailbox', 'https://example.org/\nimaps://bob:Hush-7@/INBOX\nimaps://bob:Hush-7@mail.example.org/INBOX');
    expect(mail).to.have.length(2);
    expect(mail[0]).to.match(/^crawler-beans\.xml:6:1: error BC_BEAN_INVALID: .*seed "https:\/\/example\.org\/" is a web URL, which this job cannot fetch/);
    expect(mail[1]).to.match(/^crawler-beans\.xml:7:1: error BC_BEAN_INVALID: .*seed "imaps:\/\/bob@\/INBOX" /);
    expect([...web, ...mail].join('\n')).not.to.contain('Hush-7');
  });

  it('warns of the profiles\' placeholder seed at its line, naming the override to edit', async () => {
    const found = await lines('default', 'https://example.org/\nhttp://example.example/example');
    expect(found).to.deep.equal([
      'crawler-beans.xml:7:1: warning BC_SEED_PLACEHOLDER: bean "seeds" property "textSource": seed "http://example.example/example" is the ' +
        'profile\'s placeholder: '
      + 'replace this line with your seeds (the override seeds.textSource.value, which `beancrawl create --seed URL` writes); launch refuses to start with it',
    ]);
  });

  it('reads a seeds file (ConfigFile) the same way, at the file\'s own lines', async () => {
    const seeds = await seedsFile('# seeds\r\nhttps://example.org/\r\nnotaurl\r\nhttp://example.example/example\r\n');
    const r = await verifyText({
      'crawler-beans.xml': `<beans>
 <bean id="seeds" class="TextSeedModule">
  <property name="textSource"><bean class="ConfigFile"><property name="path" value="${seeds}"/></bean></property>
 </bean>
</beans>`,
    }, { registry });
    expect(r.errors, r.errors.join("\n")).to.have.length(2);
    expect(r.errors[0]).to.match(/seeds\.txt:3:1: error BC_BEAN_INVALID: bean "seeds" property "textSource": seed "notaurl" is not a URL/);
    expect(r.errors[1]).to.match(/seeds\.txt:4:1: warning BC_SEED_PLACEHOLDER: .*replace this line of .*seeds\.txt with your seeds/);
  });
});
