import { expect } from 'chai';
import { verifyText } from '../support/verify-text.js';

const METADATA = '<bean id="metadata" class="CrawlMetadata"><property name="operatorContactUrl" value="https://example.org/c"/></bean>';
const SEEDS = `<bean id="seeds" class="TextSeedModule">
  <property name="textSource"><bean class="ConfigString"><property name="value" value="http://example.org/"/></bean></property>
 </bean>`;

describe('property overrides', () => {
  it('applies simpleOverrides lines, nested paths into inner beans included', async () => {
    const r = await verifyText({
      'crawler-beans.xml': `<beans>
 <bean id="simpleOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><value>
metadata.jobName=from override
seeds.textSource.value=http://override.example/
  </value></property>
 </bean>
 ${METADATA}
 ${SEEDS}
</beans>`,
    });
    expect(r.errors).to.deep.equal([]);
    expect(r.resolved!.byId.get('metadata')!.config.jobName).to.equal('from override');
    expect(r.resolved!.byId.get('seeds.textSource')!.config.value).to.equal('http://override.example/');
    expect(r.resolved!.byId.get('metadata')!.origins.get('jobName')).to.deep.include({ source: 'override' });
  });

  it('applies longerOverrides <props>, then --set over both', async () => {
    const r = await verifyText(
      {
        'crawler-beans.xml': `<beans>
 <bean id="longerOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><props><prop key="metadata.description">one
two</prop><prop key="metadata.jobName">file</prop></props></property>
 </bean>
 ${METADATA}
</beans>`,
      },
      { sets: ['metadata.jobName=command line'] },
    );
    const m = r.resolved!.byId.get('metadata')!;
    expect(m.config.description).to.equal('one\ntwo');
    expect(m.config.jobName).to.equal('command line');
    expect(m.origins.get('jobName')).to.deep.include({ source: 'set' });
  });

  it('goes through references and list elements: scope.rules[1].enabled', async () => {
    const r = await verifyText(
      {
        'crawler-beans.xml': `<beans>
 <bean id="accept" class="AcceptDecideRule"/>
 <bean id="scope" class="DecideRuleSequence"><property name="rules"><list><bean class="RejectDecideRule"/><ref bean="accept"/></list></property></bean>
</beans>`,
      },
      { sets: ['scope.rules[1].enabled=false', 'scope.rules[0].comment=first'] },
    );
    expect(r.errors).to.deep.equal([]);
    expect(r.resolved!.byId.get('accept')!.config.enabled).to.equal(false);
    expect(r.resolved!.byId.get('scope.rules[0]')!.config.comment).to.equal('first');
  });

  describe('an element of a list of strings (Heritrix files write fetchHttp.acceptHeaders[0]=...)', () => {
    const NEEDED = `${METADATA}<bean id="serverCache" class="BdbServerCache"/>`;
    const FETCH = `${NEEDED}<bean id="fetchHttp" class="org.archive.modules.fetcher.FetchHTTP"/>`;

    it('replaces an element of the class\'s default when the file leaves the list out, and may add one at its end', async () => {
      const r = await verifyText(
        {
          'crawler-beans.xml': `<beans>
 <bean id="simpleOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><value>
fetchHttp.acceptHeaders[0]=Accept: text/html
fetchHttp.acceptHeaders[1]=Accept-Language: fr
  </value></property>
 </bean>
 ${FETCH}
</beans>`,
        },
      );
      expect(r.errors).to.deep.equal([]);
      const fetch = r.resolved!.byId.get('fetchHttp')!;
      expect(fetch.config.acceptHeaders).to.deep.equal(['Accept: text/html', 'Accept-Language: fr']);
      expect(fetch.origins.get('acceptHeaders')).to.deep.include({ source: 'override' });
    });

    it('replaces an element of the file\'s own list, and refuses one past its end or on a property that holds no list', async () => {
      const r = await verifyText(
        {
          'crawler-beans.xml': `<beans>
 ${NEEDED}
 <bean id="fetchHttp" class="FetchHttp"><property name="acceptHeaders"><list><value>Accept: a</value><value>Accept-Language: en</value></list></property></bean>
</beans>`,
        },
        { sets: ['fetchHttp.acceptHeaders[1]=Accept-Language: de'] },
      );
      expect(r.errors).to.deep.equal([]);
      expect(r.resolved!.byId.get('fetchHttp')!.config.acceptHeaders).to.deep.equal(['Accept: a', 'Accept-Language: de']);
      const past = await verifyText({ 'crawler-beans.xml': `<beans>${FETCH}</beans>` }, { sets: ['fetchHttp.acceptHeaders[3]=x', 'fetchHttp.timeoutSeconds[0]=1'] });
      expect(past.errors).to.deep.equal([
        '--set:1:1: error BC_OVERRIDE_PATH: "fetchHttp.acceptHeaders[3]": property "acceptHeaders" of bean "fetchHttp" has 1 element: [3] is past the end',
        '--set:2:29: error BC_PROP_TYPE: bean "fetchHttp" property "timeoutSeconds": expected an integer, got a list',
      ]);
    });
  });

  it('reports an override at its own line, and a --set at its position among --set options', async () => {
    const r = await verifyText(
      {
        'crawler-beans.xml': `<beans>
 <bean id="simpleOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><value>
metadata.jobName=ok
metadata.notAProperty=x
  </value></property>
 </bean>
 ${METADATA}
</beans>`,
      },
      { sets: ['metadata.jobName=fine', 'seeds.textSource.value=x'] },
    );
    expect(r.errors).to.deep.equal([
      '--set:2:1: error BC_OVERRIDE_PATH: "seeds.textSource.value": there is no bean "seeds"',
      'crawler-beans.xml:5:1: error BC_OVERRIDE_PATH: bean "metadata" property "notAProperty": CrawlMetadata has no property "notAProperty"',
    ]);
  });

  it('checks an override value like any other value, at the value', async () => {
    const r = await verifyText({ 'crawler-beans.xml': `<beans>${SEEDS}</beans>` }, { sets: ['seeds.blockAwaitingSeedLines=lots'] });
    expect(r.errors).to.deep.equal(['--set:1:30: error BC_PROP_TYPE: bean "seeds" property "blockAwaitingSeedLines": expected an integer, got "lots"']);
  });

  it('skips bad paths when the configurer sets ignoreInvalidKeys', async () => {
    const r = await verifyText({
      'crawler-beans.xml': `<beans><bean id="o" class="PropertyOverrideConfigurer"><property name="ignoreInvalidKeys" value="true"/><property ` +
        `name="properties" value="nobody.x=1"/></bean></beans>`,
    });
    expect(r.errors).to.deep.equal([]);
  });
});
