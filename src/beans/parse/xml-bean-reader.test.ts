import { expect } from 'chai';
import type { BeanDefinition, ValueNode } from '../definitions/bean-definition.js';
import { AnonymousIds } from './anonymous-ids.js';
import { readXmlBeanFile } from './xml-bean-reader.js';

function read(source: string) {
  return readXmlBeanFile('f.xml', source, { maxNestingDepth: 100, ids: new AnonymousIds() });
}

function beans(source: string): BeanDefinition[] {
  const r = read(source);
  expect(r.diagnostics).to.deep.equal([]);
  return r.model!.beans;
}

const at = (line: number, column: number) => ({ file: 'f.xml', line, column });

describe(readXmlBeanFile.name, () => {
  describe('positions', () => {
    const src = [
      '<?xml version="1.0"?>',
      '<beans xmlns="http://www.springframework.org/schema/beans">',
      ' <context:annotation-config/>',
      ' <bean id="a" class="CrawlMetadata">',
      '  <property name="jobName" value="basic"/>',
      '  <property name="description">',
      '   <value>two',
      'lines</value>',
      '  </property>',
      ' </bean>',
      '</beans>',
    ].join('\n');

    it('locates a bean at its start tag and its class at the attribute value', () => {
      const [a] = beans(src);
      expect(a.loc).to.deep.equal(at(4, 2));
      expect(a.classLoc).to.deep.equal(at(4, 22));
    });

    it('locates a property at its name and a value attribute at its value', () => {
      const [a] = beans(src);
      expect(a.properties[0].loc).to.deep.equal(at(5, 19));
      expect(a.properties[0].value).to.deep.include({ kind: 'text', text: 'basic', loc: at(5, 35) });
    });

    it('locates <value> text at its first character and keeps it untrimmed', () => {
      const [a] = beans(src);
      expect(a.properties[1].value).to.deep.equal({ kind: 'text', text: 'two\nlines', loc: at(7, 11) });
    });
  });

  describe('values', () => {
    it('keeps the order of mixed <ref> and inner <bean> children of a <list>', () => {
      const [scope] = beans('<beans><bean id="scope" class="DecideRuleSequence"><property name="rules"><list><bean class="RejectDecideRule"/><ref ' +
        'bean="accept"/><bean class="AcceptDecideRule"/></list></property></bean></beans>');
      const list = scope.properties[0].value as Extract<ValueNode, { kind: 'list' }>;
      expect(list.items.map((i) => i.kind)).to.deep.equal(['bean', 'ref', 'bean']);
      expect((list.items[0] as Extract<ValueNode, { kind: 'bean' }>).bean.path).to.equal('scope.rules[0]');
      expect((list.items[2] as Extract<ValueNode, { kind: 'bean' }>).bean.path).to.equal('scope.rules[2]');
    });

    it('reads maps in every Spring form, props, set, null and idref', () => {
      const [b] = beans(`<beans><bean id="b" class="X">
        <property name="m"><map><entry key="k1" value="v1"/><entry key="k2" value-ref="r"/><entry><key><value>k3</value></key><value>v3</value></entry></map></property>
        <property name="p"><props><prop key="a.b">text</prop></props></property>
        <property name="s"><set><value>one</value></set></property>
        <property name="n"><null/></property>
        <property name="i"><idref bean="other"/></property>
      </bean></beans>`);
      const [m, p, s, n, i] = b.properties.map((x) => x.value);
      expect(m.kind === 'map' && m.entries.map((e) => [e.key, e.value.kind])).to.deep.equal([['k1', 'text'], ['k2', 'ref'], ['k3', 'text']]);
      expect(p.kind === 'map' && p.entries[0]).to.deep.include({ key: 'a.b' });
      expect(s.kind).to.equal('list');
      expect(n.kind).to.equal('null');
      expect(i).to.deep.include({ kind: 'idref', bean: 'other' });
    });

    it('decodes XML entities and character references once', () => {
      const [b] = beans('<beans><bean id="b" class="X"><property name="v" value="a &amp; b &#38; &#x41; &amp;#38;"/></bean></beans>');
      expect(b.properties[0].value).to.deep.include({ text: 'a & b & A &#38;' });
    });

    it('names beans without an id as Spring does: Class#n', () => {
      const list = beans('<beans><bean class="RejectDecideRule"/><bean class="RejectDecideRule"/><bean class="AcceptDecideRule"/></beans>');
      expect(list.map((b) => b.id)).to.deep.equal(['RejectDecideRule#0', 'RejectDecideRule#1', 'AcceptDecideRule#0']);
    });

    it('reads parent, abstract and autowire', () => {
      const [, child] = beans('<beans><bean id="p" class="X" abstract="true"/><bean id="c" parent="p" autowire="byName"/></beans>');
      expect(child).to.deep.include({ parent: 'p', abstract: false, autowire: 'byName' });
    });
  });

  describe('errors', () => {
    it('reports well-formedness errors with the validator\'s line and column', () => {
      const r = read('<beans>\n <bean id="a">\n</beans>');
      expect(r.diagnostics[0]).to.deep.include({ code: 'BC_XML_SYNTAX', location: at(3, 1) });
    });

    it('refuses entity declarations', () => {
      expect(read('<!DOCTYPE beans [<!ENTITY x "y">]><beans/>').diagnostics[0].code).to.equal('BC_XML_ENTITY');
    });

    it('refuses stray text and unknown elements and attributes, located', () => {
      expect(read('<beans>\n <bean id="a" class="X">oops</bean></beans>').diagnostics[0]).to.deep.include({ code: 'BC_XML_ELEMENT', location: at(2, 25) });
      expect(read('<beans><bean id="a" class="X" lazy-init="true"/></beans>').diagnostics[0].message).to.contain('no attribute "lazy-init"');
      expect(read('<beans><alias name="a" alias="b"/></beans>').diagnostics[0].message).to.contain('<alias> is not allowed');
      expect(read('<beans><bean id="a" class="X"><property name="p" ' +
        'value="1"><value>2</value></property></bean></beans>').diagnostics[0].message).to.contain('exactly one');
    });

    it('refuses a document element other than <beans>', () => {
      expect(read('<project/>').diagnostics[0].message).to.contain('must be <beans>');
    });

    it('refuses nesting deeper than maxNestingDepth without overflowing the stack', () => {
      const deep = `<beans>${'<list>'.repeat(10000)}${'</list>'.repeat(10000)}</beans>`;
      expect(read(deep).diagnostics[0].code).to.equal('BC_NESTING_TOO_DEEP');
    });
  });
});
