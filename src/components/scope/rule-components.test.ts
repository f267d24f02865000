import { expect } from 'chai';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { Registry } from '../../beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../../catalog/catalog.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { verifyText } from '../../../test/support/verify-text.js';
import { SCOPE_COMPONENTS } from './scope-components.js';

const registry = new Registry(new Set([...BUILT_IN_COMPONENTS, ...SCOPE_COMPONENTS]));

const verify = (beans: string, sets?: string[]) => verifyText({ 'crawler-beans.xml': `<beans>\n${beans}\n</beans>` }, { registry, sets });

describe('the decide rule components', () => {
  it('each loads the class of its own name', async () => {
    for (const d of SCOPE_COMPONENTS) {
      const Cls = await d.load!();
      expect(Cls.name, d.name).to.equal(d.name);
    }
  });

  it('answer to Heritrix\'s short and fully qualified names and to the old RegExp spellings', () => {
    const table: [string, string][] = [
      ['org.archive.modules.deciderules.surt.OnDomainsDecideRule', 'OnDomainsDecideRule'],
      ['org.archive.modules.deciderules.ViaSurtPrefixedDecideRule', 'ViaSurtPrefixedDecideRule'],
      ['MatchesRegExpDecideRule', 'MatchesRegexDecideRule'],
      ['org.archive.modules.deciderules.NotMatchesListRegExpDecideRule', 'NotMatchesListRegexDecideRule'],
      ['org.archive.modules.deciderules.HopCrossesAssignmentLevelDomainDecideRule', 'HopCrossesAssignmentLevelDomainDecideRule'],
    ];
    for (const [alias, name] of table) expect(registry.lookup(alias)?.name, alias).to.equal(name);
  });

  describe('verify reports a bad regular expression at its value (the attribute\'s value or the <list>)', () => {
    const table: [string, string, RegExp][] = [
      ['MatchesRegexDecideRule', '<property name="regex" ' +
        'value="(unclosed"/>', /^crawler-beans\.xml:3:32: error BC_BEAN_INVALID: bean "r" property "regex": regex "\(unclosed" is not a valid regular expression: "\(" at offset 0 is never closed \(Java refuses the pattern\)$/],
      ['HopsPathMatchesRegexDecideRule', '<property name="regex" ' +
        'value="L**"/>', /property "regex": regex "L\*\*" is not a valid regular expression: "\*" at offset 2 has nothing to repeat \(Java refuses the pattern: dangling meta character\)$/],
      ['ContentTypeNotMatchesRegexDecideRule', '<property name="regex" ' +
        'value="[text"/>', /property "regex": regex "\[text" is not a valid regular expression: "\[" at offset 0 is never closed \(Java refuses the pattern\)$/],
      ['MatchesFilePatternDecideRule', '<property name="usePreset" value="CUSTOM"/><property name="regex" ' +
        'value="*.zip"/>', /property "regex": regex "\*\.zip" is not a valid regular expression: "\*" at offset 0 has nothing to repeat \(Java refuses the pattern: dangling meta character\)$/],
      ['MatchesRegexDecideRule', '<property name="regex" ' +
        'value="http://example\\.org/[^/]*+(/.*)?"/>', /^crawler-beans\.xml:3:32: error BC_BEAN_INVALID: bean "r" property "regex": regex "http:\/\/example\\\.org\/\[\^\/\]\*\+\(\/\.\*\)\?": possessive quantifier "\*\+" at offset 24 cannot be translated exactly/],
      ['MatchesListRegexDecideRule', '<property ' +
        'name="regexList"><list><value>.*\\G</value></list></property>', /property "regexList": regexList\[0\] "\.\*\\G": "\\G" at offset 2 cannot be translated exactly \(the end of the previous match\)$/],
      ['NotMatchesListRegexDecideRule', '<property ' +
        'name="regexList"><list><value>ok</value><value>a(</value></list></property>', /^crawler-beans\.xml:3:29: .*property "regexList": regexList\[1\] "a\(" is not a valid regular expression: "\(" at offset 1 is never closed \(Java refuses the pattern\)$/],
    ];
    for (const [className, props, error] of table) {
      it(className, async () => {
        const r = await verify(` <bean id="r" class="${className}">\n ${props}\n </bean>`);
        expect(r.errors).to.have.length(1);
        expect(r.errors[0]).to.match(error);
      });
    }

    it('UrlFilterDecideRule: each bad include and exclude, at its own list', async () => {
      const r = await verify(` <bean id="f" class="UrlFilterDecideRule">
  <property name="include"><list><value>http://example\\.org/.*</value><value>(</value></list></property>
  <property name="exclude"><list><value>+x</value></list></property>
 </bean>`);
      expect(r.errors).to.have.length(2);
      expect(r.errors[0]).to.match(/^crawler-beans\.xml:3:28: error BC_BEAN_INVALID: bean "f" property "include": include\[1\] "\(" is not a valid regular expression: "\(" at offset 0 is never closed \(Java refuses the pattern\)$/);
      expect(r.errors[1]).to.match(/^crawler-beans\.xml:4:28: error BC_BEAN_INVALID: bean "f" property "exclude": exclude\[0\] "\+x" is not a valid regular expression: "\+" at offset 0 has nothing to repeat \(Java refuses the pattern: dangling meta character\)$/);
    });

    it('a bad expression set by --set, at the override', async () => {
      const r = await verify(' <bean id="f" class="UrlFilterDecideRule"/>', ['f.exclude=.*/ok/.*,x)']);
      expect(r.errors).to.have.length(1);
      expect(r.errors[0]).to.match(/bean "f" property "exclude": exclude\[1\] "x\)" is not a valid regular expression: "\)" at offset 1 closes no group \(Java refuses the pattern\)$/);
      expect(r.errors[0]).not.to.match(/^crawler-beans\.xml/);
    });
  });

  it('verify checks the other values: addresses, bounds', async () => {
    const r = await verify(` <bean id="serverCache" class="ServerCache"/>
 <bean id="ips" class="IpAddressSetDecideRule"><property name="ipAddresses"><list><value>10.0.0.1</value><value>example.org</value></list></property></bean>
 <bean id="len" class="ResponseContentLengthDecideRule"><property name="lowerBound" value="10"/><property name="upperBound" value="5"/></bean>
 <bean id="out" class="ResultFilterDecideRule"><property name="contentLengthMin" value="100"/><property name="contentLengthMax" value="10"/></bean>`);
    expect(r.errors).to.have.length(3);
    expect(r.errors[0]).to.match(/^crawler-beans\.xml:3:\d+: .*bean "ips" property "ipAddresses": ipAddresses\[1\] "example\.org" is not an IP address$/);
    expect(r.errors[1]).to.match(/^crawler-beans\.xml:4:\d+: .*bean "len" property "upperBound": lowerBound \(10\) is more than upperBound \(5\): the rule could never apply$/);
    expect(r.errors[2]).to.match(/^crawler-beans\.xml:5:\d+: .*bean "out" property "contentLengthMax": contentLengthMin \(100\) is more than contentLengthMax \(10\): no document could pass$/);
  });

  it('builds a scope of the new rules, which decides as a sequence', async () => {
    const r = await verify(` <bean id="seeds" class="TextSeedModule"><property name="textSource"><bean class="ConfigString"><property name="value" ` +
      `value="http://www.example.org/"/></bean></property></bean>
 <bean id="serverCache" class="ServerCache"/>
 <bean id="scope" class="DecideRuleSequence"><property name="rules"><list>
  <bean class="RejectDecideRule"/>
  <bean class="org.archive.modules.deciderules.surt.OnDomainsDecideRule"/>
  <bean class="NotMatchesFilePatternDecideRule"><property name="usePreset" value="IMAGES"/><property name="decision" value="REJECT"/></bean>
  <bean class="HopsPathMatchesRegexDecideRule"><property name="regex" value=".*E"/></bean>
  <bean class="UrlFilterDecideRule"><property name="exclude" value=".*/private/.*"/><property name="maxCrawlDepth" value="3"/></bean>
  <bean class="IpAddressSetDecideRule"><property name="ipAddresses" value="10.9.9.9"/><property name="decision" value="REJECT"/></bean>
  <bean class="SeedAcceptDecideRule"/>
 </list></property></bean>`);
    expect(r.errors).to.deep.equal([]);
    const c = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
    await c.start();
    const scope = c.get<DecideRule>('scope');
    const decide = (uri: string, hopsPath: string, isSeed = false) => scope.decisionFor(new CrawlUri(uri, { hopsPath, isSeed, via: isSeed ? undefined : 'http://www.example.org/' }));
    expect(decide('http://cdn.example.org/logo.png', 'E')).to.equal('ACCEPT');
    expect(decide('http://cdn.example.org/page.html', 'L')).to.equal('REJECT');
    expect(decide('http://other.org/logo.png', 'LE')).to.equal('ACCEPT');
    expect(decide('http://www.example.org/private/a.png', 'E')).to.equal('REJECT');
    expect(decide('http://www.example.org/deep.png', 'LLLE')).to.equal('REJECT');
    expect(decide('http://www.example.org/', '', true)).to.equal('ACCEPT');
    await c.stop();
  });
});
