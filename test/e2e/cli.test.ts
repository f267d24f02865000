import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const CONTACT = 'metadata.operatorContactUrl=http://example.org/contact';
const STACK_LINE = /^\s+at /m;
const PACKAGE_VERSION = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;

describe('beancrawl (the binary)', () => {
  describe('usage', () => {
    it('--help prints usage and exits 0', async () => {
      const r = await runCli(['--help']);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.contain('beancrawl verify JOB|FILE');
    });

    for (const [args, usage] of [
      [['help', 'launch'], 'Usage: beancrawl launch JOB [--fresh]'],
      [['launch', '--help'], 'Usage: beancrawl launch JOB [--fresh]'],
      [['pause', '-h'], 'Usage: beancrawl status|pause|unpause|checkpoint|terminate JOB [--json]\n'],
    ] as const) {
      it(`beancrawl ${args.join(' ')} prints the command's own help and exits 0`, async () => {
        const r = await runCli(args);
        expect(r.code).to.equal(0);
        expect(r.stdout.startsWith(usage), r.stdout).to.equal(true);
      });
    }

    it('--version prints the package version', async () => {
      const r = await runCli(['--version']);
      expect(r.stdout.trim()).to.equal(PACKAGE_VERSION);
    });

    for (const [args, message] of [
      [[], 'Usage'],
      [['frobnicate'], 'unknown command "frobnicate"'],
      [['verify'], 'needs a job folder or bean file'],
      [['verify', 'profiles/default.xml', '--colour'], "Unknown option '--colour'"],
      [['verify', 'profiles/default.xml', '--set', 'noDot=1'], '--set expects beanId.property=value'],
      [['serve', 'somejob'], "Unexpected argument 'somejob'"],
      [['serve', '--bind', '0.0.0.0'], '--bind 0.0.0.0 reaches beyond this machine'],
      [['help', 'frobnicate'], 'unknown command "frobnicate"'],
      [['schema', 'extra'], "Unexpected argument 'extra'"],
      [['launch', 'job', '--fresh', '--checkpoint', 'latest'], '--checkpoint and --fresh cannot go together'],
    ] as const) {
      it(`exits 2 on a usage error: beancrawl ${args.join(' ')}`, async () => {
        const r = await runCli(args);
        expect(r.code, r.stderr).to.equal(2);
        expect(r.stdout + r.stderr).to.contain(message);
      });
    }
  });

  describe('verify', () => {
    it('fails the default profile on its placeholder contact URL, at the override line', async () => {
      const r = await runCli(['verify', 'profiles/default.xml']);
      expect(r.code, r.stderr).to.equal(1);
      expect(r.stderr.split('\n')[0]).to.equal(
        'profiles/default.xml:22:29: error BC_BEAN_INVALID: bean "metadata" property "operatorContactUrl": ' +
          "still holds the profile's placeholder; set an http(s) URL where webmasters can reach the operator",
      );
    });

    it('passes the default profile once --set gives a contact URL, with a warning for its placeholder seed', async () => {
      const r = await runCli(['verify', 'profiles/default.xml', '--set', CONTACT]);
      expect(r.stderr).to.match(/^profiles\/default\.xml:35:1: warning BC_SEED_PLACEHOLDER: /);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/^OK: profiles\/default.xml: \d+ beans, 3 levels checked/);
      const seeded = await runCli(['verify', 'profiles/default.xml', '--set', CONTACT, '--set', 'seeds.textSource.value=https://example.org/']);
      expect(seeded.stderr).to.equal('');
      expect(seeded.code, seeded.stderr).to.equal(0);
    });

    it('reads a job folder with a seeds.txt and locates a bad seed at its line', async () => {
      const job = await tempDir({
        'crawler-beans.xml': `<beans>
 <bean id="metadata" class="CrawlMetadata"><property name="operatorContactUrl" value="https://example.org/c"/></bean>
 <bean id="seeds" class="TextSeedModule">
  <property name="textSource"><bean class="ConfigFile"><property name="path" value="seeds.txt"/></bean></property>
 </bean>
</beans>`,
        'seeds.txt': '# seeds\nexample.org\nhttp://exa mple.org/\nmailto://x@example.org\n',
      });
      try {
        const r = await runCli(['verify', join(job.dir, 'crawler-beans.xml')]);
        expect(r.code, r.stderr).to.equal(1);
        const lines = r.stderr.trim().split('\n');
        expect(lines[0]).to.equal(`${join(job.dir, 'seeds.txt')}:3:1: error BC_BEAN_INVALID: bean "seeds" property "textSource": seed "http://exa ` +
          `mple.org/" a seed line holds one URL and nothing else`);
        expect(lines[1]).to.contain(':4:1: error BC_BEAN_INVALID').and.contain('the scheme mailto cannot be crawled');
      } finally {
        await job.cleanup();
      }
    });

    it('reports every error at once, sorted by location', async () => {
      const job = await tempDir({
        'crawler-beans.xml': `<beans>
 <bean id="metadata" class="CrawlMetadata">
  <property name="robotsPolicyName" value="never"/>
  <property name="jobNme" value="x"/>
 </bean>
 <bean id="scope" class="DecideRuleSequence">
  <property name="rules"><list><ref bean="nowhere"/></list></property>
 </bean>
</beans>`,
      });
      try {
        const r = await runCli(['verify', job.dir]);
        const codes = r.stderr.split('\n').filter((l) => l.includes(': error ')).map((l) => /error (\w+)/.exec(l)![1]);
        expect(codes).to.deep.equal(['BC_PROP_RANGE', 'BC_PROP_UNKNOWN', 'BC_REF_DANGLING']);
        expect(r.stderr).to.contain('3 errors at level 2 of 3');
      } finally {
        await job.cleanup();
      }
    });
  });

  describe('bad input gives a located error and exit 1, never a crash, hang or stack trace', () => {
    const deepXml = `<beans><bean id="x" class="ConfigString"><property ` +
      `name="value">${'<list>'.repeat(10000)}${'</list>'.repeat(10000)}</property></bean></beans>`;
    const cases: Record<string, Record<string, string | Buffer>> = {
      'truncated XML': { 'crawler-beans.xml': '<beans>\n <bean id="metadata" class="CrawlMeta' },
      'binary garbage': { 'crawler-beans.xml': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) },
      'a 20 MB file': { 'crawler-beans.xml': `<beans>${'<!-- padding -->'.repeat(1_400_000)}</beans>` },
      '10,000-deep XML nesting': { 'crawler-beans.xml': deepXml },
      '10,000-deep JSON nesting': { 'crawler-beans.json': `{"beans":{"x":{"class":"ConfigString","properties":{"value":${'['.repeat(10000)}${']'.repeat(10000)}}}}}` },
      'an entity-expansion bomb': {
        'crawler-beans.xml': `<?xml version="1.0"?><!DOCTYPE beans [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ` +
          `${'b'.repeat(i + 1)} ` +
          `"${`&${i ? 'b'.repeat(i) : 'a'};`.repeat(10)}">`).join('')}]><beans><bean id="m" class="ConfigString"><property name="value" value="&bbbbbbbbb;"/></bean></beans>`,
      },
      'JSON with duplicate keys': { 'crawler-beans.json': '{"beans":{"a":{"class":"ConfigString"},"a":{"class":"ConfigString"}}}' },
      'an import of a missing file': { 'crawler-beans.xml': '<beans><import resource="nope.xml"/></beans>' },
      'an import of a folder': { 'crawler-beans.xml': '<beans><import resource="sub"/></beans>', 'sub/readme.txt': 'a folder' },
      'an import of a device that never ends': { 'crawler-beans.xml': '<beans>\n  <import resource="/dev/zero"/>\n</beans>' },
      'an import of a device of random bytes': { 'crawler-beans.xml': '<beans>\n  <import resource="/dev/urandom"/>\n</beans>' },
      'an empty file': { 'crawler-beans.xml': '' },
      'a file of blank lines': { 'crawler-beans.json': '\n\n   \n' },
    };
    // Where the problem is in the file, its line and column; a file too large is refused as a whole.
    const WHOLE_FILE = new Set(['a 20 MB file']);
    for (const [name, files] of Object.entries(cases)) {
      it(name, async () => {
        const job = await tempDir(files);
        try {
          const r = await runCli(['verify', job.dir], { timeoutMs: 20000 });
          expect(r.code, r.stderr).to.equal(1);
          expect(r.stderr).to.match(WHOLE_FILE.has(name) ? /^\S+: error BC_[A-Z_]+: / : /^\S+:\d+:\d+: error BC_[A-Z_]+: /);
          expect(r.stderr).not.to.contain('undefined');
          expect(r.stderr).not.to.match(STACK_LINE);
        } finally {
          await job.cleanup();
        }
      });
    }
  });

  it('refuses a bean file that is not a regular file (a device, a pipe) by what it is, without reading it', async () => {
    const dir = await tempDir({});
    try {
      execFileSync('mkfifo', [join(dir.dir, 'crawler-beans.xml')]);
      for (const [target, kind] of [['/dev/zero', 'a character device'], [join(dir.dir, 'crawler-beans.xml'), 'a pipe']]) {
        const r = await runCli(['verify', target], { timeoutMs: 20000 });
        expect(r.code, r.stderr).to.equal(1);
        expect(r.stderr).to.match(new RegExp(`^${target.replace(/[/.]/g, '\\$&')}: error BC_FILE_READ: is ${kind}, not a regular file`));
      }
    } finally {
      await dir.cleanup();
    }
  });

  describe('beans', () => {
    it('prints each value with its source', async () => {
      const r = await runCli(['beans', 'profiles/default.xml', '--set', CONTACT]);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.contain('metadata (CrawlMetadata)  profiles/default.xml:42:2');
      expect(r.stdout).to.contain('  operatorContactUrl = "http://example.org/contact"  [--set 1]');
      expect(r.stdout).to.contain('  jobName = "basic"  [override profiles/default.xml:23:18]');
      expect(r.stdout).to.contain('  robotsPolicyName = "obey"  [default]');
      expect(r.stdout).to.contain('  rules -> [scope.rules[0], acceptSurts, scope.rules[2],');
      expect(r.stdout).to.match(/^ {2}frontier -> frontier {2}\[autowired\]$/m);
    });
  });

  describe('schema', () => {
    it('prints a JSON Schema with one property schema per component', async () => {
      const r = await runCli(['schema']);
      expect(r.code, r.stderr).to.equal(0);
      const schema = JSON.parse(r.stdout);
      expect(schema.definitions).to.have.property('props:CrawlMetadata');
      expect(schema.definitions['props:CrawlMetadata'].additionalProperties).to.equal(false);
    });
  });

  describe('docs', () => {
    it('prints the bean reference, or with --errors the error codes, as docs/ holds them', async () => {
      for (const [args, file] of [[['docs'], 'beans.md'], [['docs', '--errors'], 'errors.md']] as const) {
        const r = await runCli(args);
        expect(r.code).to.equal(0);
        expect(r.stdout.trimEnd()).to.equal(readFileSync(join(REPO_ROOT, 'docs', 'reference', file), 'utf8').trimEnd());
      }
    });
  });
});
