import { expect } from 'chai';
import { verifyText } from '../support/verify-text.js';

describe('resolving the bean graph', () => {
  describe('autowiring', () => {
    it('gives a frontier the bean named "scope" although other decide rules exist', async () => {
      const r = await verifyText({
        'crawler-beans.xml': `<beans>
 <bean id="acceptSurts" class="AcceptDecideRule"/>
 <bean id="scope" class="DecideRuleSequence"><property name="rules"><list><ref bean="acceptSurts"/></list></property></bean>
 <bean id="rejectAll" class="RejectDecideRule"/>
 <bean id="state" class="TestStore"><property name="name" value="state"/></bean>
 <bean id="frontier" class="TestFrontier"><property name="name" value="frontier"/></bean>
</beans>`,
      });
      expect(r.errors).to.deep.equal([]);
      const refs = r.resolved!.byId.get('frontier')!.refs;
      expect(refs.find((x) => x.property === 'scope')).to.deep.include({ ids: ['scope'], autowired: true });
      expect(refs.find((x) => x.property === 'store')).to.deep.include({ ids: ['state'], autowired: true });
    });

    it('prefers what the file sets over autowiring', async () => {
      const r = await verifyText({
        'crawler-beans.xml': `<beans>
 <bean id="scope" class="AcceptDecideRule"/>
 <bean id="other" class="RejectDecideRule"/>
 <bean id="store" class="TestStore"><property name="name" value="s"/></bean>
 <bean id="frontier" class="TestFrontier"><property name="name" value="f"/><property name="scope" ref="other"/></bean>
</beans>`,
      });
      expect(r.resolved!.byId.get('frontier')!.refs.find((x) => x.property === 'scope')).to.deep.include({ ids: ['other'], autowired: false });
    });

    it('reports a missing collaborator when none of its kind exists', async () => {
      const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="store" class="TestStore"><property name="name" value="s"/></bean><bean ' +
        'id="frontier" class="TestFrontier"><property name="name" value="f"/></bean></beans>' });
      expect(r.errors).to.deep.equal(['crawler-beans.xml:1:83: error BC_REF_MISSING: bean "frontier" property "scope": needs a DecideRule: none is ' +
        'set and the file has no bean providing one']);
    });

    it('autowires byName when a bean asks for it', async () => {
      const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="textSource" class="ConfigString"/><bean id="other" ' +
        'class="ConfigString"/><bean id="seeds" class="TextSeedModule" autowire="byName"/></beans>' });
      expect(r.errors).to.deep.equal([]);
      expect(r.resolved!.byId.get('seeds')!.refs[0].ids).to.deep.equal(['textSource']);
    });
  });

  describe('autowire-candidate="false" (Heritrix\'s second BdbModule, for deduplication, is declared so)', () => {
    const beans = (extra: string) => `<beans>
 <bean id="scope" class="AcceptDecideRule"/>
 <bean id="state" class="TestStore"><property name="name" value="state"/></bean>
 <bean id="historyState" class="TestStore" autowire-candidate="false"><property name="name" value="history"/></bean>
 ${extra}
</beans>`;

    it('is passed over when a reference is autowired by kind, so the other bean is not ambiguous', async () => {
      const r = await verifyText({ 'crawler-beans.xml': beans('<bean id="frontier" class="TestFrontier"><property name="name" value="f"/></bean>') });
      expect(r.errors).to.deep.equal([]);
      expect(r.resolved!.byId.get('frontier')!.refs.find((x) => x.property === 'store')).to.deep.include({ ids: ['state'], autowired: true });
    });

    it('is still reached by a <ref>, and refused when it is the only one of its kind', async () => {
      const r = await verifyText({ 'crawler-beans.xml': beans('<bean id="frontier" class="TestFrontier"><property name="name" value="f"/><property ' +
        'name="store" ref="historyState"/></bean>') });
      expect(r.errors).to.deep.equal([]);
      const alone = await verifyText({
        'crawler-beans.xml': '<beans><bean id="scope" class="AcceptDecideRule"/><bean id="store" class="TestStore" ' +
          'autowire-candidate="false"><property name="name" value="s"/></bean>' +
          '<bean id="frontier" class="TestFrontier"><property name="name" value="f"/></bean></beans>',
      });
      expect(alone.errors.join('\n')).to.contain('BC_REF_MISSING');
    });

    it('takes only true, false or default', async () => {
      const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="scope" class="AcceptDecideRule" autowire-candidate="no"/></beans>' });
      expect(r.errors).to.deep.equal(['crawler-beans.xml:1:70: error BC_XML_ELEMENT: autowire-candidate must be one of true, false, default, got "no"']);
    });
  });

  describe('values', () => {
    it('converts text to the schema\'s types and fills defaults', async () => {
      const r = await verifyText({
        'crawler-beans.xml': `<beans><bean id="c" class="TestController">
 <property name="name" value="c"/><property name="threads" value="8"/><property name="ratio" value="2.5"/>
 <property name="tags" value="a, b"/><property name="flags"><map><entry key="x" value="yes"/><entry key="y" value="off"/></map></property>
</bean></beans>`,
      });
      expect(r.errors).to.deep.equal([]);
      expect(r.resolved!.byId.get('c')!.config).to.deep.equal({ name: 'c', threads: 8, ratio: 2.5, tags: ['a', 'b'], flags: { x: true, y: false } });
    });

    it('points a bad list element at that element', async () => {
      const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="c" class="TestController"><property name="name" value="c"/><property ' +
        'name="flags"><map>\n<entry key="x" value="maybe"/></map></property></bean></beans>' });
      expect(r.errors).to.deep.equal(['crawler-beans.xml:2:23: error BC_PROP_TYPE: bean "c" property "flags": expected a boolean (at x), got "maybe"']);
    });

    it('checks bounds and reports text where a bean is needed', async () => {
      const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="c" class="TestController"><property name="name" value="c"/><property ' +
        'name="threads" value="0"/><property name="frontier" value="f"/></bean></beans>' });
      expect(r.errors.map((e) => /error (\w+)/.exec(e)![1])).to.deep.equal(['BC_PROP_RANGE', 'BC_PROP_TYPE']);
      expect(r.errors[0]).to.contain('must be >= 1, got 0');
    });

    it('resolves paths against the job folder and keeps ${launchId} for the launch', async () => {
      const r = await verifyText({ 'crawler-beans.xml': '<beans><bean id="f" class="ConfigFile"><property name="path" ' +
        'value="${launchId}/seeds.txt"/></bean></beans>' });
      expect(r.resolved!.byId.get('f')!.config.path).to.equal(`${r.dir}/\${launchId}/seeds.txt`);
    });
  });
});
