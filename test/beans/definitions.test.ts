import { expect } from 'chai';
import { verifyText } from '../support/verify-text.js';

describe('bean definitions', () => {
  describe('imports', () => {
    it('reads imported files relative to the importing file, each once', async () => {
      const r = await verifyText({
        'crawler-beans.xml': '<beans><import resource="parts/scope.xml"/><import resource="parts/rules.json"/></beans>',
        'parts/scope.xml': '<beans><import resource="rules.json"/><bean id="scope" class="DecideRuleSequence"><property name="rules"><list><ref ' +
          'bean="reject"/></list></property></bean></beans>',
        'parts/rules.json': '{"beans": {"reject": {"class": "RejectDecideRule"}}}',
      });
      expect(r.errors).to.deep.equal([]);
      expect(r.graph.files).to.have.length(3);
      expect(r.resolved!.byId.get('scope')!.deps).to.deep.equal(['reject']);
    });

    it('resolves classpath: imports against the package', async () => {
      const r = await verifyText({ 'crawler-beans.xml': '<beans><import ' +
        'resource="classpath:profiles/default.xml"/></beans>' }, { sets: ['metadata.operatorContactUrl=https://example.org/c', 'seeds.textSource.value=https://example.org/'] });
      expect(r.errors).to.deep.equal([]);
      expect(r.resolved!.byId.has('scope')).to.equal(true);
    });

    it('reports a cycle with the chain of files', async () => {
      const r = await verifyText({ 'a.xml': '<beans><import resource="b.xml"/></beans>', 'b.xml': '<beans><import resource="a.xml"/></beans>' });
      expect(r.errors).to.deep.equal(['b.xml:1:26: error BC_IMPORT_CYCLE: import cycle: a.xml -> b.xml -> a.xml']);
    });
  });

  describe('parent and abstract beans', () => {
    const files = {
      'crawler-beans.xml': `<beans>
 <bean id="base" class="CrawlMetadata" abstract="true">
  <property name="operatorContactUrl" value="https://example.org/c"/>
  <property name="jobName" value="base"/>
 </bean>
 <bean id="child" parent="base"><property name="jobName" value="child"/></bean>
 <bean id="grandchild" parent="child"><property name="description" value="deep"/></bean>
</beans>`,
    };

    it('inherits class and properties through a chain; the child\'s own values win', async () => {
      const r = await verifyText(files);
      expect(r.errors).to.deep.equal([]);
      expect(r.resolved!.byId.get('child')!.config).to.include({ jobName: 'child', operatorContactUrl: 'https://example.org/c' });
      expect(r.resolved!.byId.get('grandchild')!.config).to.include({ jobName: 'child', description: 'deep' });
    });

    it('never builds an abstract bean', async () => {
      const r = await verifyText(files);
      expect(r.resolved!.byId.has('base')).to.equal(false);
    });

    it('gives each child its own copy of inherited inner beans', async () => {
      const r = await verifyText(
        {
          'crawler-beans.xml': `<beans>
 <bean id="base" class="TextSeedModule" abstract="true"><property name="textSource"><bean class="ConfigString"><property name="value" value="http://a.example/"/></bean></property></bean>
 <bean id="one" parent="base"/>
 <bean id="two" parent="base"/>
</beans>`,
        },
        { sets: ['two.textSource.value=http://b.example/'] },
      );
      expect(r.errors).to.deep.equal([]);
      expect(r.resolved!.byId.get('one.textSource')!.config.value).to.equal('http://a.example/');
      expect(r.resolved!.byId.get('two.textSource')!.config.value).to.equal('http://b.example/');
    });
  });
});
