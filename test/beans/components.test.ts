import { expect } from 'chai';
import { BeanContainer } from '../../src/beans/container/bean-container.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import type { CrawlMetadataInfo } from '../../src/model/crawl-metadata-info.js';
import type { DecideRule } from '../../src/model/decide-rule.js';
import type { SeedModule } from '../../src/model/seed-module.js';
import { VERSION } from '../../src/util/version.js';
import { verifyText } from '../support/verify-text.js';

describe('built-in components, built from a bean file', () => {
  async function build(xml: string) {
    const r = await verifyText({ 'crawler-beans.xml': xml });
    expect(r.errors).to.deep.equal([]);
    return BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
  }

  it('DecideRuleSequence: the last decision other than NONE wins; disabled rules say NONE', async () => {
    const c = await build(`<beans>
 <bean id="scope" class="DecideRuleSequence"><property name="rules"><list>
  <bean class="RejectDecideRule"/><bean class="AcceptDecideRule"/><bean class="RejectDecideRule"><property name="enabled" value="false"/></bean>
 </list></property></bean>
 <bean id="none" class="DecideRuleSequence"/>
</beans>`);
    expect(c.get<DecideRule>('scope').decisionFor(new CrawlUri('http://example.org/'))).to.equal('ACCEPT');
    expect(c.get<DecideRule>('none').decisionFor(new CrawlUri('http://example.org/'))).to.equal('NONE');
  });

  it('TextSeedModule: seeds with http:// added, comments skipped, directives kept apart', async () => {
    const c = await build(`<beans><bean id="seeds" class="TextSeedModule"><property name="textSource"><bean class="ConfigString"><property name="value"><value>
# comment
example.org
https://example.com/a
+http://(org,example,
</value></property></bean></property></bean></beans>`);
    const list = await c.get<SeedModule>('seeds').loadSeeds();
    expect(list.seeds).to.deep.equal([{ url: 'http://example.org', line: 3 }, { url: 'https://example.com/a', line: 4 }]);
    expect(list.directives).to.deep.equal([{ text: '+http://(org,example,', line: 5 }]);
  });

  it('CrawlMetadata: fills the User-Agent template', async () => {
    const c = await build('<beans><bean id="metadata" class="CrawlMetadata"><property name="operatorContactUrl" ' +
      'value="https://example.org/c"/></bean></beans>');
    expect(c.get<CrawlMetadataInfo>('metadata').forNoUri().userAgent).to.equal(`Mozilla/5.0 (compatible; beancrawl/${VERSION} +https://example.org/c)`);
  });

  it('CrawlMetadata: applies Heritrix\'s three rules at verify', async () => {
    const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="metadata" class="CrawlMetadata"><property name="operatorContactUrl" ' +
      'value="ftp://x"/><property name="userAgentTemplate" value="bot"/><property name="operatorFrom" value="me@example.org"/></bean></beans>' });
    expect(r.errors.map((e) => e.replace(/^.*error BC_BEAN_INVALID: /, ''))).to.deep.equal([
      'bean "metadata" property "operatorContactUrl": must be an http(s) URL, got "ftp://x"\n  hint: edit the bean file, or try a value with --set ' +
        'metadata.operatorContactUrl=https://example.org/contact',
      'bean "metadata" property "userAgentTemplate": must contain @OPERATOR_CONTACT_URL@, so that every request says how to reach the operator',
    ]);
  });
});
