import { CrawlUri } from '../../model/crawl-uri.js';
import { expect } from 'chai';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { Registry } from '../../beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../../catalog/catalog.js';
import type { CanonicalizationPolicy } from '../../model/uri-policies.js';
import { StripWwwnRule } from '../../util/url/canonicalize/strip-wwwn-rule.js';
import { verifyText } from '../../../test/support/verify-text.js';
import { CANDIDATE_COMPONENTS } from './candidate-components.js';
import { RulesCanonicalizationPolicy } from './rules-canonicalization-policy.js';

/** The URI a key is made for (no sheet applies to it). */
const ANY = new CrawlUri('http://example.org/');

describe('RulesCanonicalizationPolicy (the bean)', () => {
  it("runs Heritrix's six default rules when given none", () => {
    const policy = new RulesCanonicalizationPolicy({ rules: [] });
        expect(policy.canonicalKey('http://Stack:Pw@WWW3.Example.ORG/A?CFID=1&CFTOKEN=2&x=Y&', ANY)).to.equal('http://example.org/a?x=y');
  });

  it('runs the given rules in order; a rule without an enabled switch is always on', () => {
    const policy = new RulesCanonicalizationPolicy({ rules: [new StripWwwnRule(), { canonicalize: (u) => u.toUpperCase() }] });
    expect(policy.canonicalKey('http://www.example.org/a', ANY)).to.equal('HTTP://EXAMPLE.ORG/A');
  });

  it('is built from a bean file with the rules named as in Heritrix', async () => {
    const registry = new Registry(new Set([...BUILT_IN_COMPONENTS, ...CANDIDATE_COMPONENTS]));
    const r = await verifyText({
      'crawler-beans.xml': `<beans>
 <bean id="canonicalizationPolicy" class="org.archive.modules.canonicalize.RulesCanonicalizationPolicy">
  <property name="rules">
   <list>
    <bean class="org.archive.modules.canonicalize.LowercaseRule"/>
    <bean class="org.archive.modules.canonicalize.StripUserinfoRule"/>
    <bean class="org.archive.modules.canonicalize.StripWWWNRule"><property name="enabled" value="false"/></bean>
    <bean class="StripSessionIDs"/>
    <bean class="StripSessionCFIDs"/>
    <bean class="org.archive.modules.canonicalize.FixupQueryString"/>
   </list>
  </property>
 </bean>
 <bean id="defaults" class="RulesCanonicalizationPolicy"/>
</beans>`,
    }, { registry });
    expect(r.errors).to.deep.equal([]);
    const c = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
    await c.start();
    const url = 'http://u:p@www.Example.org/A?jsessionid=0123456789abcdef0123456789abcdef&x=1';
    expect(c.get<CanonicalizationPolicy>('canonicalizationPolicy').canonicalKey(url, ANY)).to.equal('http://www.example.org/a?x=1');
    expect(c.get<CanonicalizationPolicy>('defaults').canonicalKey(url, ANY)).to.equal('http://example.org/a?x=1');
    await c.stop();
  });
});
