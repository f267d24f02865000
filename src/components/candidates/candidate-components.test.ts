import { expect } from 'chai';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { Registry } from '../../beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../../catalog/catalog.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { KINDS } from '../../model/kinds.js';
import type { Processor } from '../../model/processor.js';
import { verifyText } from '../../../test/support/verify-text.js';
import { SCOPE_COMPONENTS } from '../scope/scope-components.js';
import { CANDIDATE_COMPONENTS } from './candidate-components.js';

describe('the candidate chain components', () => {
  const registry = new Registry(new Set([...BUILT_IN_COMPONENTS, ...SCOPE_COMPONENTS, ...CANDIDATE_COMPONENTS]));

  it('register beside the built-in components, each property described with a default, each kind a model kind', () => {
    for (const d of [...SCOPE_COMPONENTS, ...CANDIDATE_COMPONENTS]) {
      expect(registry.lookup(d.name), d.name).to.equal(d);
      for (const alias of d.aliases ?? []) expect(registry.lookup(alias), alias).to.equal(d);
      for (const kind of d.kinds) expect(KINDS as readonly string[], `${d.name} kind`).to.include(kind);
      for (const [name, spec] of Object.entries(d.props)) {
        expect(spec.description, `${d.name}.${name}`).to.be.a('string').and.not.equal('');
        expect(spec.default, `${d.name}.${name} default`).not.to.equal(undefined);
      }
      for (const [name, spec] of Object.entries(d.refs ?? {})) expect(KINDS as readonly string[], `${d.name}.${name}`).to.include(spec.kind);
    }
  });

  it("candidateScoper applies the bean named scope (not acceptSurts); preparer gets the file's policies by autowiring", async () => {
    const r = await verifyText({
      'crawler-beans.xml': `<beans>
 <bean id="seeds" class="TextSeedModule"><property name="textSource"><bean class="ConfigString"><property name="value" value="http://example.org/"/></bean></property></bean>
 <bean id="acceptSurts" class="SurtPrefixedDecideRule"/>
 <bean id="scope" class="DecideRuleSequence"><property name="rules"><list>
  <bean class="RejectDecideRule"/>
  <ref bean="acceptSurts"/>
  <bean class="TransclusionDecideRule"/>
  <bean class="MatchesListRegexDecideRule"><property name="decision" value="REJECT"/><property name="regexList" value=".*/private/.*"/></bean>
 </list></property></bean>
 <bean id="candidateScoper" class="org.archive.crawler.prefetch.CandidateScoper"/>
 <bean id="preparer" class="org.archive.crawler.prefetch.FrontierPreparer"/>
 <bean id="canonicalizationPolicy" class="RulesCanonicalizationPolicy"><property name="rules"><list><bean class="LowercaseRule"/></list></property></bean>
 <bean id="queueAssignmentPolicy" class="org.archive.crawler.frontier.SurtAuthorityQueueAssignmentPolicy"><property name="forceQueueAssignment" value="one-queue"/></bean>
</beans>`,
    }, { registry });
    expect(r.errors).to.deep.equal([]);
    const c = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
    await c.start();
    const scoper = c.get<Processor>('candidateScoper');
    const preparer = c.get<Processor>('preparer');
    const run = async (curi: CrawlUri) => (await scoper.process(curi)) === 'PROCEED' ? preparer.process(curi) : 'FINISH';

    const inScope = new CrawlUri('http://www.Example.org/A', { hopsPath: 'LE', via: 'http://example.org/' });
    expect(await run(inScope)).to.equal('PROCEED');
    expect([inScope.canonicalKey, inScope.queueKey, inScope.precedence]).to.deep.equal(['http://www.example.org/a', 'one-queue', 1]);

    const privatePage = new CrawlUri('http://example.org/private/x', { hopsPath: 'L' });
    expect(await run(privatePage)).to.equal('FINISH');
    expect(privatePage.fetchStatus).to.equal(-5000);
    expect(privatePage.queueKey).to.equal('');

    const offSite = new CrawlUri('http://other.org/', { hopsPath: 'L' });
    expect(await run(offSite)).to.equal('FINISH');
    expect(offSite.fetchStatus).to.equal(-5000);
    await c.stop();
  });
});
