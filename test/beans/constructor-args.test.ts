import { expect } from 'chai';
import { BUILT_IN_COMPONENTS } from '../../src/catalog/catalog.js';
import { Registry } from '../../src/beans/registry/registry.js';
import { isError } from '../../src/util/diagnostic.js';
import { verifyText } from '../support/verify-text.js';

/** Heritrix's seed module with its text given the way Spring files may: to the constructor. */
function seeds(textSource: string): string {
  return `<beans>
 <bean id="seeds" class="org.archive.modules.seeds.TextSeedModule">
  <property name="textSource">${textSource}</property>
 </bean>
</beans>`;
}

describe('<constructor-arg>, mapped onto the property it sets', () => {
  const registry = new Registry(BUILT_IN_COMPONENTS);

  it('gives ConfigString its value, and ConfigFile its name and path, by position, index or name', async () => {
    const text = await verifyText({ 'crawler-beans.xml': seeds('<bean class="org.archive.spring.ConfigString"><constructor-arg ' +
      'value="http://example.org/"/></bean>') }, { registry });
    expect(text.errors).to.deep.equal([]);
    expect(text.resolved!.byId.get('seeds.textSource')!.config.value).to.equal('http://example.org/');
    const file = await verifyText({
      'crawler-beans.xml': seeds('<bean class="org.archive.spring.ConfigFile"><constructor-arg index="1" value="seeds.txt"/><constructor-arg ' +
        'name="name" value="seeds"/></bean>'),
      'seeds.txt': 'http://example.org/\n',
    }, { registry });
    expect(file.diagnostics.filter(isError)).to.deep.equal([]);
    expect(file.resolved!.byId.get('seeds.textSource')!.config.path).to.match(/\/seeds\.txt$/);
    expect(file.diagnostics.map((d) => `${d.code} ${d.property}`)).to.deep.equal(['BC_PROP_IGNORED name']);
  });

  it('is reached by an override like any property (seeds.textSource.value)', async () => {
    const r = await verifyText({ 'crawler-beans.xml': seeds('<bean ' +
      'class="ConfigString"><constructor-arg><value>http://a.example/</value></constructor-arg></bean>') }, {
      registry, sets: ['seeds.textSource.value=http://b.example/'],
    });
    expect(r.errors).to.deep.equal([]);
    expect(r.resolved!.byId.get('seeds.textSource')!.config.value).to.equal('http://b.example/');
  });

  it('is a located error on a class not built from constructor arguments, past the last argument, or beside a property setting the same', async () => {
    const r = await verifyText({
      'crawler-beans.xml': `<beans>
 <bean id="metadata" class="CrawlMetadata"><constructor-arg value="x"/></bean>
 <bean id="one" class="ConfigString"><constructor-arg value="a"/><constructor-arg value="b"/></bean>
 <bean id="two" class="ConfigString"><property name="value" value="a"/><constructor-arg value="b"/></bean>
</beans>`,
    }, { registry });
    expect(r.errors.map((e) => e.split('\n')[0])).to.deep.equal([
      'crawler-beans.xml:2:44: error BC_CONSTRUCTOR_ARG: bean "metadata": CrawlMetadata is not built from constructor arguments; set its properties instead',
      'crawler-beans.xml:3:66: error BC_CONSTRUCTOR_ARG: bean "one": ConfigString takes 1 constructor argument (value); this one is number 1',
      'crawler-beans.xml:4:72: error BC_CONSTRUCTOR_ARG: bean "two": sets "value", which a <property> of this bean sets too',
    ]);
  });
});
