import { expect } from 'chai';
import { context, cursor, profile, profileWith } from '../../../test/support/authoring.js';
import { AnonymousIds } from '../parse/anonymous-ids.js';
import { readXmlBeanFile } from '../parse/xml-bean-reader.js';
import type { BeanFormat } from './authoring-context.js';
import { completeAt } from './complete-at.js';
import type { Completion } from './completion.js';

function complete(marked: string, format: BeanFormat = 'xml', ctx = context): Completion[] {
  const { text, offset } = cursor(marked);
  return completeAt(text, offset, format, ctx);
}

const labels = (cs: readonly Completion[]) => cs.map((c) => c.label);

/** What applying a completion gives: the text with its range replaced. */
function apply(marked: string, c: Completion): string {
  const { text } = cursor(marked);
  return text.slice(0, c.replaceFrom) + (c.insertText ?? c.label) + text.slice(c.replaceTo);
}

const HOPS = '<beans>\n <bean id="hops" class="TooManyHopsDecideRule">\n';

describe(completeAt.name, () => {
  describe('class names (XML)', () => {
    it('offers registry names first, then aliases, each with its one-line description, replacing the whole value', () => {
      const marked = '<beans>\n <bean id="f" class="Fetch|Http"/>\n</beans>';
      const cs = complete(marked);
      const names = labels(cs);
      const descriptors = context.registry.descriptors();
      const firstAlias = names.indexOf('FetchHTTP');
      expect(firstAlias).to.be.greaterThan(names.indexOf('FetchHttp'));
      expect(names.slice(0, descriptors.length)).to.have.members(descriptors.map((d) => d.name));
      expect(names.indexOf('org.archive.modules.fetcher.FetchHTTP')).to.be.at.least(descriptors.length);
      const fetchHttp = cs.find((c) => c.label === 'FetchHttp')!;
      expect(fetchHttp).to.include({ kind: 'class', detail: 'Fetches http(s) URIs with GET over kept-alive HTTP/1.1 connections (one per server), ' +
        'connecting to the address FetchDns recorded.' });
      expect(cs.find((c) => c.label === 'FetchHTTP')!.detail).to.match(/^FetchHttp: Fetches http\(s\) URIs/);
      expect(apply(marked, cs.find((c) => c.label === 'FetchDns')!)).to.equal('<beans>\n <bean id="f" class="FetchDns"/>\n</beans>');
    });

    it('offers only classes of the kind a property needs for an inner bean', () => {
      const cs = complete('<beans>\n <bean id="seeds" class="TextSeedModule">\n  <property name="textSource">\n   <bean class="|"/>\n  ' +
        '</property>\n </bean>\n</beans>');
      expect(labels(cs)).to.deep.equal(['ConfigString', 'ConfigFile', 'org.archive.spring.ConfigString', 'org.archive.spring.ConfigFile']);
    });

    it('completes a half-typed start tag that is never closed, the beans after it still known', () => {
      const { text, offset } = profileWith('default.xml', '<bean id="fetchDns" class="FetchDns"/>', '<bean id="fetchDns" class="FetchDns"/>\n ' +
        '<bean id="fetchHttp2" class="FetchH|');
      const cs = completeAt(text, offset, 'xml', context);
      expect(labels(cs)).to.include('FetchHttp');
      expect(cs[0]).to.include({ replaceFrom: offset - 'FetchH'.length, replaceTo: offset });
    });

    it('still knows the beans after a broken tag (a missing quote and >) and completes below it', () => {
      const broken = profileWith('default.xml', '<bean id="fetchDns" class="FetchDns"/>', '<bean id="fetchDns" class="FetchDns\n <property name="x|');
      const text = broken.text.replace('<bean id="crawlController" class="CrawlController">', '<bean id="crawlController" ' +
        'class="CrawlController">\n  <property name="frontier" ref=""/>');
      const offset = text.indexOf('ref=""') + 5;
      expect(labels(completeAt(text, offset, 'xml', context))).to.deep.equal(['frontier']);
    });

    it('completes a property name whose closing quote and tag are not typed yet', () => {
      const cs = complete(`${HOPS}  <property name="max|\n  <property name="enabled" value="true"/>\n </bean>\n</beans>`);
      expect(labels(cs)).to.deep.equal(['comment', 'decision', 'maxHops']);
    });
  });

  describe('property names', () => {
    it('lists the properties of the bean\'s class with type and default, leaving out those it sets', () => {
      const cs = complete(`${HOPS}  <property name="decision" value="ACCEPT"/>\n  <property name="|"/>\n </bean>\n</beans>`);
      expect(labels(cs)).to.deep.equal(['enabled', 'comment', 'maxHops']);
      expect(cs.find((c) => c.label === 'maxHops')).to.include({ kind: 'property', detail: 'integer, minimum 0 · default 20' });
      expect(cs.find((c) => c.label === 'maxHops')!.documentation).to.contain('*overlayable: sheets may change it per site*');
    });

    it('lists properties of a class that comes through parent beans', () => {
      const cs = complete([
        '<beans>',
        ' <bean id="politeBase" abstract="true" class="DispositionProcessor"/>',
        ' <bean id="middle" abstract="true" parent="politeBase"/>',
        ' <bean id="disposition" parent="middle">',
        '  <property name="minDel|"/>',
        ' </bean>',
        '</beans>',
      ].join('\n'));
      expect(labels(cs)).to.include.members(['delayFactor', 'minDelayMs', 'maxDelayMs', 'respectCrawlDelayUpToSeconds']);
      expect(cs.find((c) => c.label === 'minDelayMs')!.detail).to.equal('integer, minimum 0 · default 3000');
    });

    it('includes references (with their kind) and older property names, and a FetchHttp bean gets its own, not another class\'s', () => {
      const cs = complete('<beans><bean id="fetchHttp" class="FetchHttp"><property name="|"/></bean></beans>');
      const names = labels(cs);
      expect(names).to.include.members(['timeoutSeconds', 'soTimeoutMs', 'maxLengthBytes', 'acceptCompression']);
      expect(names).not.to.include('maxHops');
      const refs = cs.filter((c) => c.detail?.startsWith('bean: ') || c.detail?.startsWith('list of bean: '));
      expect(refs.length).to.be.greaterThan(0);
      const aliases = Object.keys(context.registry.lookup('FetchHttp')!.propertyAliases ?? {});
      for (const older of aliases) expect(cs.find((c) => c.label === older)?.detail).to.match(/^older name of /);
    });

    it('offers nothing for a bean of no known class', () => {
      expect(complete('<beans><bean id="x" class="NoSuchThing"><property name="|"/></bean></beans>')).to.deep.equal([]);
    });
  });

  describe('values', () => {
    it('offers an enum\'s values, the default marked', () => {
      const cs = complete(`${HOPS}  <property name="decision" value="|"/>\n </bean>\n</beans>`);
      expect(cs.map((c) => [c.label, c.kind, c.detail])).to.deep.equal([['ACCEPT', 'value', undefined], ['REJECT', 'value', 'default']]);
    });

    it('offers true and false for a boolean, in a value attribute or a <value> element', () => {
      expect(labels(complete(`${HOPS}  <property name="enabled" value="t|"/>\n </bean>\n</beans>`))).to.deep.equal(['true', 'false']);
      const marked = `${HOPS}  <property name="enabled"><value>fa|</value></property>\n </bean>\n</beans>`;
      const cs = complete(marked);
      expect(labels(cs)).to.deep.equal(['true', 'false']);
      expect(apply(marked, cs[1])).to.contain('<value>false</value>');
    });

    it('offers no value for a free-text property', () => {
      expect(complete(`${HOPS}  <property name="comment" value="|"/>\n </bean>\n</beans>`)).to.deep.equal([]);
    });
  });

  describe('references', () => {
    it('offers only beans of the kind the reference needs: the crawlController\'s frontier', () => {
      const { text, offset } = profileWith('default.xml', '<bean id="crawlController" class="CrawlController">', '<bean id="crawlController" ' +
        'class="CrawlController">\n  <property name="frontier" ref="|"/>');
      const cs = completeAt(text, offset, 'xml', context);
      expect(cs.map((c) => [c.label, c.kind, c.detail])).to.deep.equal([['frontier', 'beanId', 'LevelFrontier']]);
    });

    it('offers the uriUniqFilter bean for a frontier\'s uriUniqFilter, in a <ref> element', () => {
      const { text, offset } = profileWith('default.xml', '<bean id="frontier" class="LevelFrontier">', '<bean id="frontier" ' +
        'class="LevelFrontier">\n  <property name="uriUniqFilter"><ref bean="|"/></property>');
      expect(labels(completeAt(text, offset, 'xml', context))).to.deep.equal(['uriUniqFilter']);
    });

    it('offers every processor, and no other bean, in a chain\'s list', () => {
      const { text, offset } = profileWith('default.xml', '<ref bean="extractorSwf"/>', '<ref bean="extractorSwf"/>\n    <ref bean="|"/>');
      const names = labels(completeAt(text, offset, 'xml', context));
      expect(names).to.include.members(['candidateScoper', 'preparer', 'fetchHttp', 'extractorHtml', 'warcWriter', 'candidates', 'disposition']);
      expect(names).not.to.include.members(['frontier', 'metadata', 'scope', 'fetchProcessors']);
    });

    it('offers parent beans, abstract ones first, not the bean itself', () => {
      const cs = complete('<beans>\n <bean id="a" class="FetchDns"/>\n <bean id="base" abstract="true" class="FetchHttp"/>\n <bean id="c" ' +
        'parent="|"/>\n</beans>');
      expect(labels(cs)).to.deep.equal(['base', 'a']);
    });

    it('reaches the beans of other files (an import, or the job of a sheet file)', () => {
      const job = readXmlBeanFile('crawler-beans.cxml', profile('default.xml'), { maxNestingDepth: 100, ids: new AnonymousIds() }).model!;
      const cs = complete('<beans>\n <bean id="c2" class="CandidatesProcessor">\n  <property name="frontier" ref="|"/>\n ' +
        '</bean>\n</beans>', 'xml', { ...context, otherBeans: job.beans });
      expect(labels(cs)).to.deep.equal(['frontier']);
    });
  });

  describe('override keys', () => {
    it('completes bean ids, then the properties of the bean reached, in simpleOverrides', () => {
      const { text, offset } = profileWith('default.xml', 'metadata.jobName=basic', '|');
      const ids = completeAt(text, offset, 'xml', context);
      expect(labels(ids)).to.include.members(['metadata', 'seeds', 'scope', 'fetchHttp', 'frontier']);
      expect(labels(ids)).not.to.include.members(['simpleOverrides', 'longerOverrides']);
      expect(ids.find((c) => c.label === 'fetchHttp')).to.include({ kind: 'overrideKey', detail: 'FetchHttp' });

      const props = profileWith('default.xml', 'metadata.jobName=basic', 'metadata.jo|bName=basic');
      const cs = completeAt(props.text, props.offset, 'xml', context);
      expect(labels(cs)).to.include.members(['operatorContactUrl', 'jobName', 'robotsPolicyName', 'userAgentTemplate']);
      const jobName = cs.find((c) => c.label === 'jobName')!;
      expect(props.text.slice(jobName.replaceFrom, jobName.replaceTo)).to.equal('jobName');
    });

    it('walks into inner and referenced beans, a list by its elements', () => {
      const inner = profileWith('default.xml', 'metadata.jobName=basic', 'seeds.textSource.|');
      expect(labels(completeAt(inner.text, inner.offset, 'xml', context))).to.deep.equal(['value']);
      const list = profileWith('default.xml', 'metadata.jobName=basic', 'scope.|');
      const cs = completeAt(list.text, list.offset, 'xml', context);
      expect(cs.find((c) => c.label === 'rules[0]')!.detail).to.equal('→ RejectDecideRule');
      expect(cs.find((c) => c.label === 'rules[1]')!.detail).to.equal('→ SurtPrefixedDecideRule');
      const through = profileWith('default.xml', 'metadata.jobName=basic', 'scope.rules[4].|');
      expect(labels(completeAt(through.text, through.offset, 'xml', context))).to.include.members(['decision', 'seedsAsSurtPrefixes']);
    });

    it('completes the value of the property an override line reaches', () => {
      const { text, offset } = profileWith('default.xml', 'metadata.jobName=basic', 'metadata.robotsPolicyName=|');
      expect(labels(completeAt(text, offset, 'xml', context))).to.deep.equal(['obey', 'classic', 'robotsTxtOnly', 'ignore']);
    });

    it('completes a <prop key> of longerOverrides', () => {
      const { text, offset } = profileWith('default.xml', '<prop key="seeds.textSource.value">', '<prop key="seeds.|textSource.value">');
      const cs = completeAt(text, offset, 'xml', context);
      expect(labels(cs)).to.include('textSource');
      expect(text.slice(cs[0].replaceFrom, cs[0].replaceTo)).to.equal('textSource');
    });

    it('offers nothing in a comment line', () => {
      expect(completeAt(...args(profileWith('default.xml', 'metadata.jobName=basic', '# metadata.|')))).to.deep.equal([]);
    });
  });

  describe('sheet keys', () => {
    const job = readXmlBeanFile('crawler-beans.cxml', profile('default.xml'), { maxNestingDepth: 100, ids: new AnonymousIds() }).model!;
    const sheet = (entry: string) => `<beans>\n <bean id="polite" class="Sheet">\n  <property name="map">\n   <map>\n    ${entry}\n   </map>\n  ` +
      `</property>\n </bean>\n</beans>`;

    it('offers only overlayable properties, for the beans of the job', () => {
      const cs = complete(sheet('<entry key="disposition.|" value="10"/>'), 'xml', { ...context, otherBeans: job.beans });
      const names = labels(cs);
      expect(names).to.include.members(['delayFactor', 'minDelayMs', 'maxDelayMs']);
      const d = context.registry.lookup('DispositionProcessor')!;
      for (const n of names) expect(d.props[n]?.overlayable, n).to.equal(true);
    });

    it('walks through references autowiring fills, as sheets may', () => {
      const withPolicy = { ...context, otherBeans: [...job.beans, { id: 'uriPrecedencePolicy', inner: false, className: 'BaseUriPrecedencePolicy', properties: [] }] };
      expect(labels(complete(sheet('<entry key="preparer.uriPrecedencePolicy.|"/>'), 'xml', withPolicy))).to.deep.equal(['basePrecedence']);
    });

    it('completes an entry\'s value', () => {
      expect(labels(complete(sheet('<entry key="fetchHttp.acceptCompression" ' +
        'value="|"/>'), 'xml', { ...context, otherBeans: job.beans }))).to.deep.equal(['true', 'false']);
    });
  });

  describe('elements and attributes', () => {
    it('offers the elements a bean holds after <, the property element with its name attribute', () => {
      const marked = `${HOPS}  <|\n </bean>\n</beans>`;
      const cs = complete(marked);
      expect(labels(cs)).to.deep.equal(['property', 'constructor-arg', 'description']);
      expect(cs[0]).to.include({ insertText: 'property name=""', caret: 15 });
      expect(apply(marked, cs[0])).to.contain('<property name=""\n');
    });

    it('narrows a property\'s value elements by its type', () => {
      expect(labels(complete('<beans><bean id="c" class="FetchChain"><property ' +
        'name="processors"><|</property></bean></beans>'))).to.deep.equal(['list', 'set']);
      expect(labels(complete('<beans><bean id="c" class="FetchChain"><property ' +
        'name="processors"><list><|</list></property></bean></beans>'))).to.deep.equal(['ref', 'bean', 'null']);
      expect(labels(complete(`${HOPS}  <property name="maxHops"><|</property>\n </bean>\n</beans>`))).to.deep.equal(['value', 'null']);
    });

    it('offers <beans> children, and <beans> at the top', () => {
      expect(labels(complete('<beans>\n <|\n</beans>'))).to.deep.equal(['bean', 'import', 'description', 'context:annotation-config']);
      expect(labels(complete('<?xml version="1.0"?>\n<|'))).to.deep.equal(['beans']);
    });

    it('closes the element open at </', () => {
      const marked = `${HOPS}  <property name="maxHops">\n   <value>3</value>\n  </|\n</beans>`;
      expect(complete(marked).map((c) => c.insertText)).to.deep.equal(['property>']);
    });

    it('offers the attributes an element does not have yet', () => {
      const cs = complete('<beans><bean id="a" class="FetchDns" |/></beans>');
      expect(labels(cs)).to.deep.equal(['parent', 'abstract', 'autowire', 'autowire-candidate', 'name']);
      expect(cs[0]).to.include({ kind: 'attribute', insertText: 'parent=""', caret: 8 });
      expect(labels(complete('<beans><bean id="a" class="FetchDns" ' +
        'autowire="|"/></beans>'))).to.deep.equal(['default', 'no', 'byName', 'byType', 'constructor']);
    });

    it('offers classpath imports', () => {
      const marked = '<beans>\n <import resource="classpath:|"/>\n</beans>';
      const cs = complete(marked);
      expect(labels(cs)).to.deep.equal(['classpath:profiles/default.xml', 'classpath:profiles/default.json', 'classpath:sheets/polite.xml']);
      expect(cs[2]).to.include({ kind: 'import', replaceFrom: marked.indexOf('classpath'), replaceTo: marked.indexOf('|') });
      expect(apply(marked, cs[2])).to.equal('<beans>\n <import resource="classpath:sheets/polite.xml"/>\n</beans>');
    });

    it('offers nothing inside a comment', () => {
      expect(complete(`${HOPS}  <!-- <property name="|"/> -->\n </bean>\n</beans>`)).to.deep.equal([]);
    });
  });

  describe('JSON', () => {
    const json = (beans: string) => `{\n  "beans": {\n${beans}\n  }\n}`;

    it('completes class names inside the string, or quoted outside one', () => {
      const marked = json('    "f": { "class": "Fet|" }');
      const inString = complete(marked, 'json');
      expect(inString[0]).to.include({ label: context.registry.descriptors()[0].name, replaceFrom: marked.indexOf('Fet'), replaceTo: marked.indexOf('|') });
      expect(inString[0].insertText).to.equal(undefined);
      const bare = complete(json('    "f": { "class": | }'), 'json');
      expect(bare.find((c) => c.label === 'FetchHttp')!.insertText).to.equal('"FetchHttp"');
    });

    it('completes property keys of the bean\'s class, and of one whose class comes through parent', () => {
      const cs = complete(json('    "base": { "class": "TooManyHopsDecideRule", "abstract": true },\n    "h": { "parent": "base", "properties": { ' +
        '"decision": "ACCEPT", "|" } }'), 'json');
      expect(labels(cs)).to.deep.equal(['enabled', 'comment', 'maxHops']);
      const bare = complete(json('    "h": { "class": "TooManyHopsDecideRule", "properties": { | } }'), 'json');
      expect(bare.find((c) => c.label === 'maxHops')!.insertText).to.equal('"maxHops": ');
    });

    it('completes bean keys', () => {
      expect(labels(complete(json('    "h": { "class": "FetchDns", "|" ' +
        '}'), 'json'))).to.deep.equal(['parent', 'abstract', 'autowire', 'autowireCandidate', 'properties', 'description']);
    });

    it('completes enum values as strings and booleans as literals, replacing a quoted boolean whole', () => {
      const enumCs = complete(json('    "h": { "class": "TooManyHopsDecideRule", "properties": { "decision": | } }'), 'json');
      expect(enumCs.map((c) => c.insertText)).to.deep.equal(['"ACCEPT"', '"REJECT"']);
      const marked = json('    "h": { "class": "TooManyHopsDecideRule", "properties": { "enabled": "tr|" } }');
      const boolCs = complete(marked, 'json');
      expect(labels(boolCs)).to.deep.equal(['true', 'false']);
      expect(apply(marked, boolCs[1])).to.contain('"enabled": false }');
    });

    it('offers only compatible ids for a reference, in a list too', () => {
      const { text, offset } = profileWith('default.json', '"class": "CrawlController"', '"class": "CrawlController", "properties": { "frontier": ' +
        '{ "ref": "|" } }');
      expect(labels(completeAt(text, offset, 'json', context))).to.deep.equal(['frontier']);
      const list = profileWith('default.json', '"ref": "preselector"', '"ref": "|"');
      const names = labels(completeAt(list.text, list.offset, 'json', context));
      expect(names).to.include.members(['preselector', 'fetchHttp', 'candidates']);
      expect(names).not.to.include('frontier');
    });

    it('offers ReadSource classes for an inner bean, and ref or class for a reference being written', () => {
      const { text, offset } = profileWith('default.json', '"class": "ConfigString"', '"class": "|"');
      expect(labels(completeAt(text, offset, 'json', context))).to.deep.equal(['ConfigString', 'ConfigFile', 'org.archive.spring.ConfigString', 'org.archive.spring.ConfigFile']);
      expect(labels(complete(json('    "c": { "class": "CrawlController", "properties": { "frontier": { "|" } } ' +
        '}'), 'json'))).to.deep.equal(['ref', 'class', 'parent', 'properties']);
    });

    it('completes override keys and their values in the default profile', () => {
      const { text, offset } = profileWith('default.json', '"metadata.jobName"', '"metadata.|"');
      const cs = completeAt(text, offset, 'json', context);
      expect(labels(cs)).to.include.members(['jobName', 'robotsPolicyName']);
      const value = profileWith('default.json', '"metadata.jobName": "basic"', '"metadata.robotsPolicyName": "|"');
      expect(labels(completeAt(value.text, value.offset, 'json', context))).to.deep.equal(['obey', 'classic', 'robotsTxtOnly', 'ignore']);
    });

    it('completes an import', () => {
      expect(labels(complete('{ "imports": ["|"], "beans": {} }', 'json'))).to.include('classpath:profiles/default.xml');
    });

    it('completes in a file that is cut off', () => {
      expect(labels(complete('{ "beans": { "h": { "class": "TooManyHopsDecideRule", "properties": { "max|', 'json'))).to.include('maxHops');
    });
  });

  it('answers in a few milliseconds on the default profile', () => {
    const { text, offset } = profileWith('default.xml', '<bean id="crawlController" class="CrawlController">', '<bean id="crawlController" ' +
      'class="CrawlController">\n  <property name="|"/>');
    completeAt(text, offset, 'xml', context);
    const start = performance.now();
    for (let i = 0; i < 20; i++) completeAt(text, offset, 'xml', context);
    expect((performance.now() - start) / 20).to.be.below(20);
  });
});

function args(at: { text: string; offset: number }): [string, number, BeanFormat, typeof context] {
  return [at.text, at.offset, 'xml', context];
}
