import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { DEFAULT_ENGINE_SETTINGS } from '../../beans/engine-settings.js';
import { Registry } from '../../beans/registry/registry.js';
import { verifyBeans, type VerifyResult } from '../../beans/verify/verify-beans.js';
import { KINDS } from '../../model/kinds.js';
import type { WarcRecordBuilder } from '../../model/receiver.js';
import { formatDiagnostic } from '../../util/diagnostic.js';
import { crawlMetadataComponent } from '../metadata/crawl-metadata.js';
import { RECEIVER_COMPONENTS } from './receiver-components.js';

const registry = new Registry([crawlMetadataComponent, ...RECEIVER_COMPONENTS]);

async function verify(beans: string): Promise<VerifyResult & { errors: string[]; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'beancrawl-receivers-'));
  await writeFile(join(dir, 'crawler-beans.xml'), `<beans>
 <bean id="metadata" class="org.archive.modules.CrawlMetadata"><property name="operatorContactUrl" value="https://example.org/contact"/></bean>
${beans}
</beans>`);
  const result = await verifyBeans(join(dir, 'crawler-beans.xml'), { registry, settings: DEFAULT_ENGINE_SETTINGS, classpathRoot: dir, launchId: 'runs/1' });
  return { ...result, dir, errors: result.diagnostics.map((d) => formatDiagnostic(d).replace(/^.*error \w+: /, '')) };
}

/** Heritrix's profile bean, word for word (its prefix aside). */
const HERITRIX_WARC_WRITER = `
 <bean id="warcWriter" class="org.archive.modules.writer.WARCWriterChainProcessor">
  <property name="compress" value="true"/>
  <property name="prefix" value="IAH"/>
  <property name="maxFileSizeBytes" value="1000000000"/>
  <property name="poolMaxActive" value="1"/>
  <property name="maxWaitForIdleMs" value="500"/>
  <property name="skipIdenticalDigests" value="false"/>
  <property name="maxTotalBytesToWrite" value="0"/>
  <property name="directory" value="\${launchId}"/>
  <property name="storePaths"><list><value>warcs</value></list></property>
  <property name="template" value="\${prefix}-\${timestamp17}-\${serialno}-\${heritrix.pid}~\${heritrix.hostname}~\${heritrix.port}"/>
  <property name="startNewFilesOnCheckpoint" value="true"/>
  <property name="chain">
   <list>
    <bean class="org.archive.modules.warc.DnsResponseRecordBuilder"/>
    <bean class="org.archive.modules.warc.HttpResponseRecordBuilder"/>
    <bean class="org.archive.modules.warc.WhoisResponseRecordBuilder"/>
    <bean class="org.archive.modules.warc.FtpControlConversationRecordBuilder"/>
    <bean class="org.archive.modules.warc.FtpResponseRecordBuilder"/>
    <bean class="org.archive.modules.warc.RevisitRecordBuilder"/>
    <bean class="org.archive.modules.warc.HttpRequestRecordBuilder"/>
    <bean class="org.archive.modules.warc.MetadataRecordBuilder"/>
   </list>
  </property>
 </bean>`;

describe('receiver components in a bean file', () => {
  it('provide and need only model kinds, and describe every property with a default', () => {
    for (const d of RECEIVER_COMPONENTS) {
      for (const kind of d.kinds) expect(KINDS as readonly string[], `${d.name} kind`).to.include(kind);
      for (const [name, spec] of Object.entries(d.refs ?? {})) expect(KINDS as readonly string[], `${d.name}.${name}`).to.include(spec.kind);
      for (const [name, spec] of Object.entries(d.props)) {
        expect(spec.description, `${d.name}.${name}`).to.be.a('string').and.not.equal('');
        if (!(spec as { required?: boolean }).required) expect(spec.default, `${d.name}.${name} default`).not.to.equal(undefined);
      }
    }
  });

  it('verify Heritrix\'s warcWriter bean as written, and build its chain of record builders', async () => {
    const r = await verify(HERITRIX_WARC_WRITER);
    try {
      expect(r.errors).to.deep.equal([]);
      const container = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
      const writer = container.get<{ config: { chain: WarcRecordBuilder[]; directory: string; metadata: unknown } }>('warcWriter');
      expect(writer.config.chain).to.have.length(8);
      expect(writer.config.directory).to.equal(join(r.dir, 'runs', '1'));
      expect(writer.config.metadata).to.equal(container.get('metadata'));
    } finally {
      await rm(r.dir, { recursive: true, force: true });
    }
  });

  it('refuse an unknown template token, a template with a folder in it, and a receiver processor without receivers', async () => {
    const r = await verify(`
 <bean id="warcWriter" class="WarcWriterProcessor"><property name="template" value="\${prefix}-\${jobName}"/></bean>
 <bean id="w2" class="WARCWriterProcessor"><property name="template" value="x/\${serialno}"/></bean>
 <bean id="receivers" class="ReceiverProcessor"/>`);
    await rm(r.dir, { recursive: true, force: true });
    expect(r.errors).to.deep.equal([
      'bean "warcWriter" property "template": unknown token ${jobName}\n  hint: known tokens: prefix, timestamp17, timestamp14, serialno, ' +
        'heritrix.pid, heritrix.hostname, heritrix.port, worker',
      'bean "w2" property "template": must name a file, without / or \\; folders are set by directory and storePaths',
      'bean "receivers" property "receivers": lists no receiver; add at least one (e.g. <bean class="JsonlReceiver"/>)',
    ]);
  });

  it('refuse a JSONL mapping of an unknown attribute, or of two attributes to one key', async () => {
    const mapping = (entries: string) => `
 <bean id="receivers" class="ReceiverProcessor"><property name="receivers"><list>
  <bean class="JsonlReceiver"><property name="mapping"><map>${entries}</map></property></bean>
 </list></property></bean>`;
    const unknown = await verify(mapping('<entry key="httpUrl" value="Path"/><entry key="httpMimeType" value="mime"/>'));
    await rm(unknown.dir, { recursive: true, force: true });
    expect(unknown.errors).to.deep.equal([`bean "receivers.receivers[0]" property "mapping": maps an unknown attribute "httpMimeType"\n  hint: did ` +
      `you mean "httpMimetype"?`]);
    const twice = await verify(mapping('<entry key="httpUrl" value="url"/><entry key="via" value="url"/>'));
    await rm(twice.dir, { recursive: true, force: true });
    expect(twice.errors).to.deep.equal(['bean "receivers.receivers[0]" property "mapping": maps two attributes to the key "url"']);
  });
});
