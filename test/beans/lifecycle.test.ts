import { expect } from 'chai';
import { BeanContainer } from '../../src/beans/container/bean-container.js';
import { BeancrawlError } from '../../src/util/beancrawl-error.js';
import { lifecycleCalls, misbehaving } from '../support/test-components.js';
import { verifyText } from '../support/verify-text.js';

// Defined out of dependency order on purpose: start order must follow the references.
const GRAPH = `<beans>
 <bean id="controller" class="TestController"><property name="name" value="controller"/>
  <property name="parts"><list><ref bean="store2"/><ref bean="store1"/></list></property>
  <property name="frontier" ref="frontier"/>
 </bean>
 <bean id="frontier" class="TestFrontier"><property name="name" value="frontier"/><property name="store" ref="store1"/></bean>
 <bean id="scope" class="RejectDecideRule"/>
 <bean id="store1" class="TestStore"><property name="name" value="store1"/></bean>
 <bean id="store2" class="TestStore"><property name="name" value="store2"/></bean>
</beans>`;

async function container(timeouts = { startTimeoutMs: 1000, stopTimeoutMs: 1000 }): Promise<BeanContainer> {
  const r = await verifyText({ 'crawler-beans.xml': GRAPH });
  expect(r.errors).to.deep.equal([]);
  return BeanContainer.build(r.resolved!, timeouts);
}

describe(BeanContainer.name, () => {
  beforeEach(() => {
    lifecycleCalls.length = 0;
    misbehaving.failStart.clear();
    misbehaving.hangStart.clear();
    misbehaving.failStop.clear();
  });

  it('wires references into constructors, lists in order', async () => {
    const c = await container();
    const controller = c.get<{ config: { parts: Array<{ config: { name: string } }>; frontier: unknown } }>('controller');
    expect(controller.config.parts.map((p) => p.config.name)).to.deep.equal(['store2', 'store1']);
    expect(controller.config.frontier).to.equal(c.get('frontier'));
    expect(c.get<{ config: { scope: unknown } }>('frontier').config.scope).to.equal(c.get('scope'));
  });

  it('builds every bean before starting any, with no lifecycle call', async () => {
    await container();
    expect(lifecycleCalls).to.deep.equal([]);
  });

  it('starts dependencies first (ties in definition order) and stops in reverse', async () => {
    const c = await container();
    expect(c.ids()).to.deep.equal(['scope', 'store1', 'frontier', 'store2', 'controller']);
    await c.start();
    await c.stop();
    expect(lifecycleCalls).to.deep.equal([
      'start:store1', 'start:frontier', 'start:store2', 'start:controller',
      'stop:controller', 'stop:store2', 'stop:frontier', 'stop:store1',
    ]);
  });

  it('stops the beans already started, in reverse, when one fails to start', async () => {
    misbehaving.failStart.add('store2');
    const c = await container();
    const error = await c.start().then(() => undefined, (e: unknown) => e);
    expect(error).to.be.instanceOf(BeancrawlError);
    expect((error as BeancrawlError).diagnostics[0]).to.deep.include({ code: 'BC_START_FAILED', bean: 'store2' });
    expect(lifecycleCalls).to.deep.equal(['start:store1', 'start:frontier', 'start:store2', 'stop:frontier', 'stop:store1']);
  });

  it('times out a start that never finishes, naming the bean', async () => {
    misbehaving.hangStart.add('frontier');
    const c = await container({ startTimeoutMs: 50, stopTimeoutMs: 50 });
    const error = (await c.start().then(() => undefined, (e: unknown) => e)) as BeancrawlError;
    expect(error.diagnostics[0]).to.deep.include({ code: 'BC_START_TIMEOUT', bean: 'frontier' });
    expect(error.diagnostics[0].message).to.contain('within 50 ms');
    expect(lifecycleCalls).to.deep.equal(['start:store1', 'stop:store1']);
  });

  it('stops every bean even when some throw, and reports them all', async () => {
    misbehaving.failStop.add('controller');
    misbehaving.failStop.add('frontier');
    const c = await container();
    await c.start();
    const error = (await c.stop().then(() => undefined, (e: unknown) => e)) as BeancrawlError;
    expect(error.diagnostics.map((d) => [d.code, d.bean])).to.deep.equal([['BC_STOP_FAILED', 'controller'], ['BC_STOP_FAILED', 'frontier']]);
    expect(lifecycleCalls.filter((x) => x.startsWith('stop:'))).to.deep.equal(['stop:controller', 'stop:store2', 'stop:frontier', 'stop:store1']);
  });
});
