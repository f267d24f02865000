import { expect } from 'chai';
import { context, cursor, profileWith } from '../../../test/support/authoring.js';
import type { BeanFormat } from './authoring-context.js';
import { hoverAt } from './hover-at.js';

function hover(marked: string, format: BeanFormat = 'xml') {
  const { text, offset } = cursor(marked);
  return hoverAt(text, offset, format, context);
}

describe(hoverAt.name, () => {
  it('shows a class\'s description, kinds and aliases, over the whole name', () => {
    const marked = '<beans><bean id="f" class="FetchH|ttp"/></beans>';
    const h = hover(marked)!;
    expect(h.contents.split('\n')[0]).to.equal('**FetchHttp**');
    expect(h.contents).to.contain('Fetches http(s) URIs with GET over kept-alive HTTP/1.1 connections');
    expect(h.contents).to.contain('Provides: `Processor`');
    expect(h.contents).to.contain('Aliases: `FetchHTTP`, `org.archive.modules.fetcher.FetchHTTP`');
    expect([h.from, h.to]).to.deep.equal([marked.indexOf('FetchH'), marked.indexOf('"/>') - 1]);
  });

  it('names the component an alias stands for', () => {
    expect(hover('<beans><bean id="f" class="org.archive.crawler.frontier.Bdb|Frontier"/></beans>')!.contents.split('\n')[0])
      .to.equal('**org.archive.crawler.frontier.BdbFrontier**: another name of **LevelFrontier**');
  });

  it('shows a property\'s type, default, description and flags, its class through parent', () => {
    const h = hover('<beans>\n <bean id="base" abstract="true" class="DispositionProcessor"/>\n <bean id="d" parent="base">\n  <property ' +
      'name="delay|Factor" value="5"/>\n </bean>\n</beans>')!;
    const d = context.registry.lookup('DispositionProcessor')!;
    expect(h.contents).to.equal([
      '**delayFactor**: `number, minimum 0` · default `5`',
      '',
      String(d.props.delayFactor.description),
      '',
      `*overlayable: sheets may change it per site*${d.props.delayFactor.live ? ' · *live: may be changed while the crawl runs*' : ''}`,
      '',
      'Property of `DispositionProcessor`.',
    ].join('\n'));
  });

  it('shows a property over its value too', () => {
    expect(hover('<beans><bean id="h" class="TooManyHopsDecideRule"><property name="decision" value="ACC|EPT"/></bean></beans>')!.contents)
      .to.match(/^\*\*decision\*\*: `ACCEPT \| REJECT` · default `"REJECT"`/);
  });

  it('shows a reference\'s kind and whether it is autowired', () => {
    const h = hover('<beans><bean id="c" class="CrawlController"><property name="fron|tier" ref="frontier"/></bean></beans>')!;
    expect(h.contents.split('\n')[0]).to.equal('**frontier**: `bean: Frontier`');
    expect(h.contents).to.contain('*required* · *autowired: found by kind when left out*');
  });

  it('shows the class of the bean a reference names', () => {
    const { text, offset } = profileWith('default.xml', '<ref bean="fetchHttp"/>', '<ref bean="fetch|Http"/>');
    const h = hoverAt(text, offset, 'xml', context)!;
    expect(h.contents.split('\n')[0]).to.equal('**fetchHttp**: `FetchHttp`');
    expect(text.slice(h.from, h.to)).to.equal('fetchHttp');
  });

  it('shows the bean and the property of an override key\'s segments', () => {
    const bean = profileWith('default.xml', 'metadata.jobName=basic', 'meta|data.jobName=basic');
    expect(hoverAt(bean.text, bean.offset, 'xml', context)!.contents.split('\n')[0]).to.equal('**metadata**: `CrawlMetadata`');
    const prop = profileWith('default.xml', 'metadata.jobName=basic', 'metadata.job|Name=basic');
    const h = hoverAt(prop.text, prop.offset, 'xml', context)!;
    expect(h.contents).to.match(/^\*\*jobName\*\*: `string`/);
    expect(prop.text.slice(h.from, h.to)).to.equal('jobName');
    const inner = profileWith('default.xml', '<prop key="seeds.textSource.value">', '<prop key="seeds.textSource.val|ue">');
    expect(hoverAt(inner.text, inner.offset, 'xml', context)!.contents).to.contain('Property of `ConfigString`.');
  });

  it('works in JSON: a class, a property key, a reference', () => {
    const cls = profileWith('default.json', '"class": "LevelFrontier"', '"class": "Level|Frontier"');
    expect(hoverAt(cls.text, cls.offset, 'json', context)!.contents.split('\n')[0]).to.equal('**LevelFrontier**');
    expect(hover('{ "beans": { "h": { "class": "TooManyHopsDecideRule", "properties": { "max|Hops": 3 } } } }', 'json')!.contents)
      .to.match(/^\*\*maxHops\*\*: `integer, minimum 0` · default `20`/);
    const ref = profileWith('default.json', '"ref": "acceptSurts"', '"ref": "accept|Surts"');
    expect(hoverAt(ref.text, ref.offset, 'json', context)!.contents.split('\n')[0]).to.equal('**acceptSurts**: `SurtPrefixedDecideRule`');
  });

  it('shows nothing over an element name, a comment or an unknown class', () => {
    expect(hover('<beans><be|an id="f" class="FetchHttp"/></beans>')).to.equal(undefined);
    expect(hover('<beans><!-- class="Fetch|Http" --></beans>')).to.equal(undefined);
    expect(hover('<beans><bean id="f" class="NoSu|ch"/></beans>')).to.equal(undefined);
  });
});
