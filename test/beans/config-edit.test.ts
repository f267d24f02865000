import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigEditRefused, type ConfigEdit } from '../../src/beans/edit/config-edit.js';
import { planConfigEdit } from '../../src/beans/edit/plan-config-edit.js';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/beans/engine-settings.js';
import { verifyBeans } from '../../src/beans/verify/verify-beans.js';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { formatDiagnostic, isError } from '../../src/util/diagnostic.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { changedLines as changed } from '../support/changed-lines.js';
import { tempDir } from '../support/temp-dir.js';

/** Verifies `text` as a bean file, plans the edit, and verifies the text after it: the file's new text and the edited bean's value. */
async function edit(name: string, text: string, e: ConfigEdit, files: Record<string, string> = {}) {
  const job = await tempDir({ [name]: text, ...files });
  try {
    const verify = (file: string) => verifyBeans(join(job.dir, file), { registry: builtInRegistry(), settings: DEFAULT_ENGINE_SETTINGS, classpathRoot: REPO_ROOT });
    const before = await verify(name);
    expect(before.diagnostics.filter(isError).map((d) => formatDiagnostic(d))).to.deep.equal([]);
    const texts = new Map<string, string>();
    for (const f of before.graph.files) texts.set(f, await readFile(f, 'utf8'));
    const planned = planConfigEdit({ graph: before.graph, resolved: before.resolved!, registry: builtInRegistry(), text: (f) => texts.get(f)! }, e);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(planned.file, planned.after);
    const after = await verify(name);
    const bean = after.resolved?.byId.get(e.bean);
    return { after: planned.after, file: planned.file.slice(job.dir.length + 1), notes: planned.notes, errors: after.diagnostics.filter(isError).map((d) => formatDiagnostic(d)), bean };
  } finally {
    await job.cleanup();
  }
}

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<beans xmlns="http://www.springframework.org/schema/beans">
  <!-- the operator's overrides -->
  <bean id="simpleOverrides" class="PropertyOverrideConfigurer">
    <property name="properties">
      <value>
metadata.operatorContactUrl=http://example.com/contact
metadata.jobName=first
      </value>
    </property>
  </bean>
  <bean id="metadata" class="CrawlMetadata">
    <property name="operatorContactUrl" value="[see override above]"/>
    <property name="description"><value>A &amp; B</value></property>
  </bean>
  <bean id="frontier" class="LevelFrontier">
    <!-- <property name="maxRetries" value="30"/> -->
    <property name="retryDelaySeconds" value="900"/> <!-- a comment on the line -->
    <property name="maxOutlinks" value="6000"/>
  </bean>
  <bean id="other" class="MemoryFrontier"/>
  <bean id="stateStore" class="LevelStateStore"/>
  <bean id="uriUniqFilter" class="LevelUriUniqFilter"/>
</beans>
`;

describe('form edits written into the bean file (planConfigEdit)', function () {
  this.timeout(20_000);

  it('replaces a value attribute in place, nothing else in the file changing', async () => {
    const r = await edit('beans.xml', XML, { op: 'set', bean: 'frontier', property: 'maxOutlinks', value: 250 });
    expect(changed(XML, r.after)).to.deep.equal({ removed: ['    <property name="maxOutlinks" value="6000"/>'], added: ['    <property ' +
      'name="maxOutlinks" value="250"/>'] });
    expect(r.errors).to.deep.equal([]);
    expect(r.bean?.config.maxOutlinks).to.equal(250);
  });

  it('keeps what shares the line: a comment after the element stays', async () => {
    const r = await edit('beans.xml', XML, { op: 'set', bean: 'frontier', property: 'retryDelaySeconds', value: 60 });
    expect(changed(XML, r.after).added).to.deep.equal(['    <property name="retryDelaySeconds" value="60"/> <!-- a comment on the line -->']);
  });

  it('replaces a <value> element\'s text, escaped', async () => {
    const r = await edit('beans.xml', XML, { op: 'set', bean: 'metadata', property: 'description', value: 'C < D & "E"' });
    expect(changed(XML, r.after).added).to.deep.equal(['    <property name="description"><value>C &lt; D &amp; "E"</value></property>']);
    expect(r.bean?.config.description).to.equal('C < D & "E"');
  });

  it('writes a value an override sets into the override entry, the bean\'s own text left', async () => {
    const r = await edit('beans.xml', XML, { op: 'set', bean: 'metadata', property: 'operatorContactUrl', value: 'http://example.org/me?a=1&b=2' });
    expect(changed(XML, r.after)).to.deep.equal({ removed: ['metadata.operatorContactUrl=http://example.com/contact'], added: ['metadata.operatorContactUrl=http://example.org/me?a=1&amp;b=2'] });
    expect(r.notes[0]).to.match(/override "metadata\.operatorContactUrl"/);
    expect(r.bean?.config.operatorContactUrl).to.equal('http://example.org/me?a=1&b=2');
  });

  it('adds a property left at its default after the bean\'s last property, indented as its siblings', async () => {
    const r = await edit('beans.xml', XML, { op: 'set', bean: 'frontier', property: 'maxRetries', value: 3 });
    expect(changed(XML, r.after)).to.deep.equal({ removed: [], added: ['    <property name="maxRetries" value="3"/>'] });
    expect(r.after).to.include('<property name="maxOutlinks" value="6000"/>\n    <property name="maxRetries" value="3"/>\n  </bean>');
    expect(r.bean?.config.maxRetries).to.equal(3);
  });

  it('opens a bean written as an empty element to add its first property', async () => {
    const r = await edit('beans.xml', XML, { op: 'set', bean: 'other', property: 'maxRetries', value: 4 });
    expect(changed(XML, r.after)).to.deep.equal({
      removed: ['  <bean id="other" class="MemoryFrontier"/>'],
      added: ['  <bean id="other" class="MemoryFrontier">', '    <property name="maxRetries" value="4"/>', '  </bean>'],
    });
  });

  it('adds after the comments of a bean that holds only comments', async () => {
    const tail = ' <bean id="stateStore" class="LevelStateStore"/>\n <bean id="uriUniqFilter" class="LevelUriUniqFilter"/>\n</beans>\n';
    const text = `<beans>\n <bean id="frontier" class="LevelFrontier">\n  <!-- <property name="maxRetries" value="30"/> -->\n </bean>\n${tail}`;
    const r = await edit('beans.xml', text, { op: 'set', bean: 'frontier', property: 'maxRetries', value: 30 });
    expect(r.after).to.equal(`<beans>\n <bean id="frontier" class="LevelFrontier">\n  <!-- <property name="maxRetries" value="30"/> -->\n  ` +
      `<property name="maxRetries" value="30"/>\n </bean>\n${tail}`);
  });

  it('removes a property with its line to go back to the default', async () => {
    const r = await edit('beans.xml', XML, { op: 'unset', bean: 'frontier', property: 'maxOutlinks' });
    expect(changed(XML, r.after)).to.deep.equal({ removed: ['    <property name="maxOutlinks" value="6000"/>'], added: [] });
    expect(r.bean?.config.maxOutlinks).to.equal(r.bean?.descriptor.props.maxOutlinks.default);
  });

  it('swaps a bean\'s class for another of the kinds its references need, dropping what the new class lacks', async () => {
    const text = '<beans>\n  <bean id="frontier" class="LevelFrontier">\n    <property name="maxRetries" value="3"/>\n  </bean>\n  <bean ' +
      'id="stateStore" class="LevelStateStore"/>\n  <bean id="uriUniqFilter" class="LevelUriUniqFilter"/>\n</beans>\n';
    const r = await edit('beans.xml', text, { op: 'class', bean: 'frontier', className: 'MemoryFrontier' });
    expect(changed(text, r.after).added).to.deep.equal(['  <bean id="frontier" class="MemoryFrontier">']);
    expect(r.bean?.descriptor.name).to.equal('MemoryFrontier');
    expect(r.bean?.config.maxRetries).to.equal(3);
  });

  it('refuses, saying why: an unknown bean, a list property, a reference to a bean of the wrong kind, a class of another kind', async () => {
    const refusal = async (e: ConfigEdit) => {
      try {
        await edit('beans.xml', XML, e);
      } catch (err) {
        expect(err).to.be.instanceOf(ConfigEditRefused);
        return (err as Error).message;
      }
      throw new Error('not refused');
    };
    expect(await refusal({ op: 'set', bean: 'nope', property: 'x', value: 1 })).to.match(/no bean "nope"/);
    expect(await refusal({ op: 'set', bean: 'frontier', property: 'nonsense', value: 1 })).to.match(/LevelFrontier has no property "nonsense"/);
    expect(await refusal({ op: 'class', bean: 'frontier', className: 'FetchHttp' })).to.match(/FetchHttp is of no kind/);
    expect(await refusal({ op: 'class', bean: 'frontier', className: 'NoSuchThing' })).to.match(/no component is named "NoSuchThing"/);
  });

  describe('JSON bean files', () => {
    const JSON_TEXT = `{
  "beans": {
    "simpleOverrides": {
      "class": "PropertyOverrideConfigurer",
      "properties": {
        "properties": {
          "metadata.operatorContactUrl": "http://example.com/contact"
        }
      }
    },
    "metadata": { "class": "CrawlMetadata", "properties": { "operatorContactUrl": "[see override above]" } },
    "frontier": {
      "class": "LevelFrontier",
      "properties": {
        "maxOutlinks": 6000
      }
    },
    "stateStore": { "class": "LevelStateStore" },
    "uriUniqFilter": { "class": "LevelUriUniqFilter" }
  }
}
`;

    it('replaces a literal in place, as a number', async () => {
      const r = await edit('beans.json', JSON_TEXT, { op: 'set', bean: 'frontier', property: 'maxOutlinks', value: 12 });
      expect(changed(JSON_TEXT, r.after)).to.deep.equal({ removed: ['        "maxOutlinks": 6000'], added: ['        "maxOutlinks": 12'] });
      expect(r.bean?.config.maxOutlinks).to.equal(12);
    });

    it('adds a member for a default, indented as the file is', async () => {
      const r = await edit('beans.json', JSON_TEXT, { op: 'set', bean: 'frontier', property: 'maxRetries', value: 2 });
      expect(r.errors).to.deep.equal([]);
      expect(r.after).to.include('"maxOutlinks": 6000,\n        "maxRetries": 2\n');
      expect(r.bean?.config.maxRetries).to.equal(2);
    });

    it('writes into the override map entry that sets the value', async () => {
      const r = await edit('beans.json', JSON_TEXT, { op: 'set', bean: 'metadata', property: 'operatorContactUrl', value: 'http://example.org/x' });
      expect(changed(JSON_TEXT, r.after)).to.deep.equal({ removed: ['          "metadata.operatorContactUrl": ' +
        '"http://example.com/contact"'], added: ['          "metadata.operatorContactUrl": "http://example.org/x"'] });
      expect(r.bean?.config.operatorContactUrl).to.equal('http://example.org/x');
    });

    it('swaps the class', async () => {
      const r = await edit('beans.json', JSON_TEXT, { op: 'class', bean: 'frontier', className: 'MemoryFrontier' });
      expect(changed(JSON_TEXT, r.after)).to.deep.equal({ removed: ['      "class": "LevelFrontier",'], added: ['      "class": "MemoryFrontier",'] });
      expect(r.bean?.descriptor.name).to.equal('MemoryFrontier');
    });
  });
});
