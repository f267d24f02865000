import { expect } from 'chai';
import { Registry } from '../../beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../../catalog/catalog.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { verifyText } from '../../../test/support/verify-text.js';
import { MatchesListRegexDecideRule } from './matches-list-regex-decide-rule.js';
import { SCOPE_COMPONENTS } from './scope-components.js';

function rule(over: Partial<ConstructorParameters<typeof MatchesListRegexDecideRule>[0]> = {}): MatchesListRegexDecideRule {
  return new MatchesListRegexDecideRule({ enabled: true, comment: '', decision: 'ACCEPT', regexList: [], listLogicalOr: true, ...over });
}

describe('MatchesListRegexDecideRule', () => {
  describe('.decisionFor()', () => {
    const uri = new CrawlUri('http://example.org/cal/2024/list?sort=asc');
    const table: [string, string[], boolean, string][] = [
      ['an empty list matches nothing (OR)', [], true, 'NONE'],
      ['an empty list matches nothing (AND)', [], false, 'NONE'],
      ['one matching expression', ['.*sort=.*'], true, 'ACCEPT'],
      ['an expression must match the whole URI', ['sort=asc'], true, 'NONE'],
      ['any one of several (OR)', ['.*\\.pdf', '.*/cal/.*'], true, 'ACCEPT'],
      ['none of several (OR)', ['.*\\.pdf', '.*\\.zip'], true, 'NONE'],
      ['all of several (AND)', ['.*/cal/.*', '.*sort=.*'], false, 'ACCEPT'],
      ['not all of several (AND)', ['.*/cal/.*', '.*\\.pdf'], false, 'NONE'],
      ['Java\'s (?i)', ['.*(?i)SORT=ASC'], true, 'ACCEPT'],
    ];
    for (const [what, regexList, listLogicalOr, expected] of table) {
      it(`${expected}: ${what}`, () => {
        expect(rule({ regexList, listLogicalOr }).decisionFor(uri)).to.equal(expected);
      });
    }
  });

  it('gives its configured decision, and NONE when disabled', () => {
    const uri = new CrawlUri('http://example.org/a.zip');
    expect(rule({ decision: 'REJECT', regexList: ['.*\\.zip'] }).decisionFor(uri)).to.equal('REJECT');
    expect(rule({ decision: 'REJECT' }).onlyDecision(new CrawlUri('http://example.org/'))).to.equal('REJECT');
    expect(rule({ enabled: false, regexList: ['.*'] }).decisionFor(uri)).to.equal('NONE');
  });

  it('reports each invalid expression as a verify error at the value', async () => {
    const registry = new Registry(new Set([...BUILT_IN_COMPONENTS, ...SCOPE_COMPONENTS]));
    const r = await verifyText({
      'crawler-beans.xml': `<beans>
 <bean id="scope" class="DecideRuleSequence"><property name="rules"><list>
  <bean class="org.archive.modules.deciderules.MatchesListRegexDecideRule">
   <property name="decision" value="REJECT"/>
   <property name="regexList">
    <list><value>.*ok.*</value><value>(unclosed</value><value>a**</value></list>
   </property>
  </bean>
 </list></property></bean>
</beans>`,
    }, { registry });
    expect(r.errors).to.have.length(2);
    expect(r.errors[0]).to.match(/^crawler-beans\.xml:6:5: error BC_BEAN_INVALID: .*property "regexList": regexList\[1\] "\(unclosed" is not a valid regular expression: "\(" at offset 0 is never closed \(Java refuses the pattern\)$/);
    expect(r.errors[1]).to.match(/^crawler-beans\.xml:6:5: error BC_BEAN_INVALID: .*regexList\[2\] "a\*\*" is not a valid regular expression: "\*" at offset 2 has nothing to repeat \(Java refuses the pattern: dangling meta character\)$/);
  });

  it('reports an invalid expression set by an override at the override', async () => {
    const registry = new Registry(new Set([...BUILT_IN_COMPONENTS, ...SCOPE_COMPONENTS]));
    const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="r" ' +
      'class="MatchesListRegexDecideRule"/></beans>' }, { registry, sets: ['r.regexList=x('] });
    expect(r.errors).to.have.length(1);
    expect(r.errors[0]).to.match(/bean "r" property "regexList": regexList\[0\] "x\(" is not a valid regular expression: "\(" at offset 1 is never closed \(Java refuses the pattern\)$/);
    expect(r.errors[0]).not.to.match(/^crawler-beans\.xml/);
  });

  it('accepts valid expressions at verify', async () => {
    const registry = new Registry(new Set([...BUILT_IN_COMPONENTS, ...SCOPE_COMPONENTS]));
    const r = await verifyText({
      'crawler-beans.xml': '<beans><bean id="r" class="MatchesListRegexDecideRule"><property name="regexList" value=".*\\.pdf, .*(?i)\\.zip"/></bean></beans>',
    }, { registry });
    expect(r.errors).to.deep.equal([]);
  });
});
