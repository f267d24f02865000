import { expect } from 'chai';
import { BUILT_IN_COMPONENTS } from '../../src/catalog/catalog.js';
import { Registry } from '../../src/beans/registry/registry.js';
import { isError } from '../../src/util/diagnostic.js';
import { verifyText } from '../support/verify-text.js';

describe('older property names (Heritrix\'s deprecated setters)', () => {
  it('sets SurtPrefixedDecideRule.surtsSource through surtsSourceFile, as Heritrix 3 still does', async () => {
    const r = await verifyText({
      'crawler-beans.xml': `<beans>
 <bean id="acceptSurts" class="org.archive.modules.deciderules.surt.SurtPrefixedDecideRule">
  <property name="seedsAsSurtPrefixes" value="false"/>
  <property name="surtsSourceFile"><bean class="org.archive.spring.ConfigFile"><property name="path" value="surts.txt"/></bean></property>
 </bean>
</beans>`,
      'surts.txt': '+http://(org,example,\n',
    }, { registry: new Registry(BUILT_IN_COMPONENTS) });
    expect(r.diagnostics.filter(isError)).to.deep.equal([]);
    expect(r.resolved!.byId.get('acceptSurts')!.refs.find((x) => x.property === 'surtsSource')).to.deep.include({ ids: ['acceptSurts.surtsSourceFile'] });
  });
});
