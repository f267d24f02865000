import { expect } from 'chai';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { Registry } from '../../beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../../catalog/catalog.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { verifyText } from '../../../test/support/verify-text.js';
import { SCOPE_COMPONENTS } from './scope-components.js';

/** Heritrix's default scope (profile-crawler-beans.cxml), with Heritrix's class names and a few seed-list directives. */
const DEFAULT_SCOPE_XML = `<beans>
 <bean id="seeds" class="org.archive.modules.seeds.TextSeedModule">
  <property name="textSource">
   <bean class="org.archive.spring.ConfigString">
    <property name="value">
     <value>
http://example.org/a/
+http://(com,example,
-http://(org,example,)/a/private/
     </value>
    </property>
   </bean>
  </property>
 </bean>
 <bean id="acceptSurts" class="org.archive.modules.deciderules.surt.SurtPrefixedDecideRule">
  <property name="decision" value="ACCEPT"/>
  <property name="seedsAsSurtPrefixes" value="true"/>
  <property name="alsoCheckVia" value="false"/>
  <property name="surtsDumpFile" value="\${launchId}/surts.dump"/>
 </bean>
 <bean id="scope" class="org.archive.modules.deciderules.DecideRuleSequence">
  <property name="rules">
   <list>
    <bean class="org.archive.modules.deciderules.RejectDecideRule"/>
    <ref bean="acceptSurts"/>
    <bean class="org.archive.modules.deciderules.TooManyHopsDecideRule"><property name="maxHops" value="20"/></bean>
    <bean class="org.archive.modules.deciderules.TransclusionDecideRule">
     <property name="maxTransHops" value="2"/>
     <property name="maxSpeculativeHops" value="1"/>
    </bean>
    <bean class="org.archive.modules.deciderules.surt.SurtPrefixedDecideRule">
     <property name="decision" value="REJECT"/>
     <property name="seedsAsSurtPrefixes" value="false"/>
     <property name="surtsDumpFile" value="\${launchId}/negative-surts.dump"/>
    </bean>
    <bean class="org.archive.modules.deciderules.MatchesListRegexDecideRule">
     <property name="decision" value="REJECT"/>
     <property name="listLogicalOr" value="true"/>
     <property name="regexList"><list><value>.*\\?.*sort=.*</value></list></property>
    </bean>
    <bean class="org.archive.modules.deciderules.PathologicalPathDecideRule"><property name="maxRepetitions" value="2"/></bean>
    <bean class="org.archive.modules.deciderules.TooManyPathSegmentsDecideRule"><property name="maxPathDepth" value="20"/></bean>
    <bean class="org.archive.modules.deciderules.PrerequisiteAcceptDecideRule"/>
    <bean class="org.archive.modules.deciderules.SchemeNotInSetDecideRule"/>
   </list>
  </property>
 </bean>
</beans>`;

function deepPath(segments: number): string {
  return 'http://example.org/a/' + Array.from({ length: segments }, (_, i) => `d${i}/`).join('');
}

describe("Heritrix's default ten-rule scope, built from a bean file", () => {
  let container: BeanContainer;
  let scope: DecideRule;

  before(async () => {
    const registry = new Registry(new Set([...BUILT_IN_COMPONENTS, ...SCOPE_COMPONENTS]));
    const r = await verifyText({ 'crawler-beans.xml': DEFAULT_SCOPE_XML }, { registry });
    expect(r.errors).to.deep.equal([]);
    container = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
    await container.start();
    scope = container.get<DecideRule>('scope');
  });

  after(async () => {
    await container.stop();
  });

  const table: [string, string, string, string][] = [
    ['the seed itself', 'http://example.org/a/', '', 'ACCEPT'],
    ['a page below the seed', 'http://example.org/a/x', 'L', 'ACCEPT'],
    ['a page below the seed over https', 'https://example.org/a/y.html', 'LL', 'ACCEPT'],
    ['a page of the seed\'s host outside its folder (Heritrix: the seed implies http://(org,example,)/a/)', 'http://example.org/x', 'L', 'REJECT'],
    ['a subdomain of the seed\'s host', 'http://www.example.org/a/x', 'L', 'REJECT'],
    ['another site', 'http://other.org/', 'L', 'REJECT'],
    ['an embed off-site', 'http://cdn.other.org/img.png', 'LE', 'ACCEPT'],
    ['an embed of an embed off-site', 'http://cdn.other.org/img.png', 'LEE', 'ACCEPT'],
    ['three embeds off-site', 'http://cdn.other.org/img.png', 'LEEE', 'REJECT'],
    ['a redirect of an embed off-site', 'http://cdn2.other.org/img.png', 'LER', 'ACCEPT'],
    ['two speculative hops off-site', 'http://other.org/x.js', 'LXX', 'REJECT'],
    ['a link off an off-site embed', 'http://other.org/page', 'LEL', 'REJECT'],
    ['20 hops from the seed', 'http://example.org/a/far', 'L'.repeat(20), 'ACCEPT'],
    ['21 hops from the seed', 'http://example.org/a/far', 'L'.repeat(21), 'REJECT'],
    ['a repeated path segment', 'http://example.org/a/a/a/a', 'L', 'REJECT'],
    ['a segment twice', 'http://example.org/a/a/x', 'L', 'ACCEPT'],
    ['a path 20 slashes deep', deepPath(18), 'L', 'ACCEPT'],
    ['a path 21 slashes deep', deepPath(19), 'L', 'REJECT'],
    ['a prerequisite off-site (dns:)', 'dns:other.org', 'LEP', 'ACCEPT'],
    ['a prerequisite off-site (robots.txt)', 'http://other.org/robots.txt', 'LLP', 'ACCEPT'],
    ['a prerequisite more than 20 hops out', 'dns:other.org', 'L'.repeat(21) + 'P', 'ACCEPT'],
    ['a mailto: link', 'mailto:someone@example.org', 'L', 'REJECT'],
    ['a mailto: embed within transclusion', 'mailto:someone@example.org', 'LE', 'REJECT'],
    ['a javascript: link', 'javascript:void(0)', 'L', 'REJECT'],
    ['a host a + directive opens', 'http://www.example.com/anything', 'L', 'ACCEPT'],
    ['a folder a - directive closes', 'http://example.org/a/private/x', 'L', 'REJECT'],
    ['a URI the regex list matches', 'http://example.org/a/list?sort=asc', 'L', 'REJECT'],
  ];
  for (const [what, uri, hopsPath, expected] of table) {
    it(`${expected === 'ACCEPT' ? 'accepts' : 'rejects'} ${what}: ${uri} ${hopsPath || '(seed)'}`, () => {
      expect(scope.decisionFor(new CrawlUri(uri, { hopsPath }))).to.equal(expected);
    });
  }
});
