import { expect } from 'chai';
import { scanXml } from './scan-xml.js';

describe(scanXml.name, () => {
  it('reads elements, attributes and their offsets', () => {
    const text = '<beans><bean id="a" class=\'X\'><property name="p" value="1"/></bean></beans>';
    const doc = scanXml(text);
    const bean = doc.roots[0].children[0];
    expect(bean.attributes.map((a) => [a.name, a.value, a.valueFrom])).to.deep.equal([['id', 'a', 17], ['class', 'X', 27]]);
    expect(bean.children.map((c) => [c.name, c.selfClosing])).to.deep.equal([['property', true]]);
    expect([bean.contentTo, bean.to]).to.deep.equal([text.indexOf('</bean>'), text.indexOf('</beans>')]);
  });

  it('ends an unclosed value at the line\'s end, and an unfinished start tag at the next <, holding nothing', () => {
    const doc = scanXml('<beans>\n <bean id="a" class="Fet\n <bean id="b" class="Y"/>\n</beans>');
    const [a, b] = doc.roots[0].children;
    expect(a.attributes[1]).to.include({ name: 'class', value: 'Fet' });
    expect([a.tagClosed, a.selfClosing]).to.deep.equal([false, true]);
    expect(b.attributes.map((x) => x.value)).to.deep.equal(['b', 'Y']);
  });

  it('closes elements an end tag leaves open, passes over a stray end tag, and skips comments', () => {
    const text = '<beans><bean id="a"><property name="p"></bean></list><!-- <bean id="c"/> --><bean id="b"/>';
    const doc = scanXml(text);
    const beans = doc.roots[0];
    expect(beans.children.map((c) => c.attributes[0].value)).to.deep.equal(['a', 'b']);
    expect(beans.children[0].children[0].contentTo).to.equal(text.indexOf('</bean>'));
    expect(doc.opaque).to.have.length(1);
  });
});
