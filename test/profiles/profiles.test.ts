import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { verifyJob } from '../../src/job/verify-job.js';
import { formatDiagnostic } from '../../src/util/diagnostic.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const CONTACT = 'metadata.operatorContactUrl=http://example.org/contact';
const SEED = 'seeds.textSource.value=https://example.org/';
const profiles = readdirSync(join(REPO_ROOT, 'profiles')).filter((f) => /\.(xml|json)$/.test(f));
const sheets = readdirSync(join(REPO_ROOT, 'sheets')).filter((f) => f.endsWith('.xml'));

describe('profiles', () => {
  it('ships the default profile in XML and JSON', () => {
    expect(profiles).to.include.members(['default.xml', 'default.json']);
  });

  for (const profile of profiles) {
    const path = join(REPO_ROOT, 'profiles', profile);

    const web = !profile.startsWith('file-system') && !profile.startsWith('mailbox') && !profile.startsWith('database-table');

    it(`${profile} verifies clean once an operator contact URL${web ? ' and a seed are' : ' is'} set`, async () => {
      const result = await verifyJob(path, { sets: web ? [CONTACT, SEED] : [CONTACT] });
      expect(result.diagnostics.map(formatDiagnostic)).to.deep.equal([]);
      expect(result.level).to.equal(3);
    });

    if (web) {
      it(`${profile} with its placeholder seed verifies with one warning at the seed's override line, which launch refuses`, async () => {
        const { diagnostics } = await verifyJob(path, { sets: [CONTACT] });
        expect(diagnostics).to.have.length(1);
        expect(diagnostics[0]).to.include({ code: 'BC_SEED_PLACEHOLDER', severity: 'warning', blocksLaunch: true, bean: 'seeds' });
        expect(diagnostics[0].message).to.contain('"http://example.example/example" is the profile\'s placeholder').and.contain('seeds.textSource.value');
        expect(formatDiagnostic(diagnostics[0])).to.match(new RegExp(`profiles/${profile.replace('.', '\\.')}:${profile.endsWith('.json') ? '\\d+:\\d+' : '[34][0-9]:1'}: warning BC_SEED_PLACEHOLDER`));
      });
    }

    it(`${profile} without a contact URL fails with exactly the placeholder error`, async () => {
      const { diagnostics } = await verifyJob(path, { sets: web ? [SEED] : [] });
      expect(diagnostics).to.have.length(1);
      expect(diagnostics[0]).to.include({ code: 'BC_BEAN_INVALID', bean: 'metadata', property: 'operatorContactUrl' });
      expect(diagnostics[0].message).to.contain('placeholder');
    });
  }

  it('default.xml and default.json describe the same crawl', async () => {
    const [xml, json] = await Promise.all(['default.xml', 'default.json'].map((p) => verifyJob(join(REPO_ROOT, 'profiles', p), { sets: [CONTACT, SEED] })));
    const shape = (r: typeof xml) => r.resolved!.beans.map((b) => [b.id, b.descriptor.name, b.config, b.refs.map((x) => [x.property, x.ids])]);
    // The XML keeps the line breaks around a multi-line <prop>; the values are otherwise equal.
    const normalise = (v: unknown) => JSON.parse(JSON.stringify(v), (_k, x) => (typeof x === 'string' ? x.trim() : x));
    expect(normalise(shape(json))).to.deep.equal(normalise(shape(xml)));
  });

  // One test per shared sheet: each must import cleanly into the default profile.
  for (const sheet of sheets) {
    it(`sheets/${sheet} imports into the default profile`, async () => {
      const job = await tempDir({
        'crawler-beans.xml': `<beans><import resource="classpath:profiles/default.xml"/><import resource="classpath:sheets/${sheet}"/></beans>`,
      });
      try {
        const { diagnostics } = await verifyJob(job.dir, { sets: [CONTACT, SEED] });
        expect(diagnostics.map(formatDiagnostic)).to.deep.equal([]);
      } finally {
        await job.cleanup();
      }
    });
  }
});
