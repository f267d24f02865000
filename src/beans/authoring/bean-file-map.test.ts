import { expect } from 'chai';
import { context, cursor, profile } from '../../../test/support/authoring.js';
import { beanFileMap, mentionAt, type BeanMention } from './bean-file-map.js';

/** Each mention as `kind id "the text at its range"`. */
function described(text: string, mentions: readonly BeanMention[]): string[] {
  return mentions.map((m) => `${m.kind} ${m.id} "${text.slice(m.from, m.to)}"`);
}

describe('beanFileMap: where bean ids are declared and named, for navigation', () => {
  describe('XML', () => {
    const xml = [
      '<beans>',
      ' <bean id="over" class="PropertyOverrideConfigurer">',
      '  <property name="properties"><value>',
      'fetch.timeoutSeconds=5',
      '# other.x=1',
      '  </value></property>',
      ' </bean>',
      ' <bean id="longer" class="PropertyOverrideConfigurer"><property name="properties"><props><prop ' +
        'key="fetch.soTimeoutMs">9</prop></props></property></bean>',
      ' <bean id="fetch" class="FetchHttp" parent="base">',
      '  <property name="shouldProcessRule"><ref bean="rule"/></property>',
      '  <property name="serverCache" ref="cache"/>',
      '  <property name="timeoutSeconds" value="3"/>',
      '  <property name="shouldFetchBodyRule"><bean class="AcceptDecideRule"/></property>',
      ' </bean>',
      ' <bean id="sheet" class="Sheet"><property name="map"><map><entry key="fetch.timeoutSeconds" value="1"/></map></property></bean>',
      ' <import resource="classpath:sheets/polite.xml"/>',
      ' <bean id="unfinished" class="',
    ].join('\n');
    const map = beanFileMap(xml, 'xml', context);

    it('finds declarations, references, parents, and override and sheet keys (the bean id of each, not comments)', () => {
      expect(described(xml, map.mentions)).to.deep.equal([
        'declaration over "over"',
        'overrideKey fetch "fetch"',
        'declaration longer "longer"',
        'overrideKey fetch "fetch"',
        'declaration fetch "fetch"',
        'parent base "base"',
        'ref rule "rule"',
        'ref cache "cache"',
        'declaration sheet "sheet"',
        'overrideKey fetch "fetch"',
        'declaration unfinished "unfinished"',
      ]);
      const key = map.mentions.find((m) => m.kind === 'overrideKey')!;
      expect(xml.slice(key.key!.from, key.key!.to)).to.equal('fetch.timeoutSeconds');
    });

    it('knows where each bean writes its properties, its imports and its symbols (inner beans as children)', () => {
      const fetch = map.index.get('fetch')!;
      expect(map.propertyNames.get(fetch)!.map((p) => xml.slice(p.from, p.to))).to.deep.equal(['shouldProcessRule', 'serverCache', 'timeoutSeconds', 'shouldFetchBodyRule']);
      expect(map.imports.map((i) => i.name)).to.deep.equal(['classpath:sheets/polite.xml']);
      const symbol = map.symbols.find((s) => s.id === 'fetch')!;
      expect(symbol.className).to.equal('FetchHttp');
      expect(symbol.children.map((c) => c.className)).to.deep.equal(['AcceptDecideRule']);
      expect(xml.slice(symbol.selection.from, symbol.selection.to)).to.equal('fetch');
    });

    it('finds the mention under a cursor, at the end of a name too, and the key of an override beyond its bean id', () => {
      const at = xml.indexOf('"cache"') + 6;
      expect(mentionAt(map, at)?.id).to.equal('cache');
      const inKey = xml.indexOf('timeoutSeconds=5') + 2;
      expect(mentionAt(map, inKey)).to.include({ kind: 'overrideKey', id: 'fetch' });
      expect(mentionAt(map, xml.indexOf('# other'))).to.equal(undefined);
    });
  });

  describe('JSON', () => {
    it('finds bean keys, refs, parents and override keys of the default JSON profile', () => {
      const text = profile('default.json');
      const map = beanFileMap(text, 'json', context);
      const kinds = new Set(map.mentions.map((m) => m.kind));
      expect([...kinds].sort()).to.deep.equal(['declaration', 'overrideKey', 'ref']);
      for (const m of map.mentions) expect(text.slice(m.from, m.to)).to.equal(m.id);
      expect(map.mentions.filter((m) => m.kind === 'overrideKey').map((m) => m.key!.text)).to.include('metadata.jobName');
      expect(map.symbols.find((s) => s.id === 'metadata')?.className).to.equal('CrawlMetadata');
    });

    it('reads a file still being typed', () => {
      const { text } = cursor('{"beans": {"a": {"class": "FetchHttp", "parent": "b", "properties": {"serverCache": {"ref": "c|"');
      const map = beanFileMap(text, 'json', context);
      expect(described(text, map.mentions)).to.deep.equal(['declaration a "a"', 'parent b "b"', 'ref c "c"']);
    });
  });
});
