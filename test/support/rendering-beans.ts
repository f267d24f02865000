import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './run-cli.js';

/**
 * default.xml (or another profile of profiles/) with a BrowserProcessor at the end of its fetch
 * chain, plus `more` beans; its scope rejects any evil.js (an embed of another site is otherwise
 * in scope by transclusion).
 */
export async function renderingBeans(more = '', profile = 'default.xml'): Promise<string> {
  const beans = (await readFile(join(REPO_ROOT, 'profiles', profile), 'utf8'))
    .replace(/(<property name="regexList">\s*<list>)/, '$1<value>.*/evil\\.js</value>');
  return beans.replace('<ref bean="extractorSwf"/>', '<ref bean="extractorSwf"/>\n    <ref bean="browser"/>\n    <ref bean="extractorDocument"/>')
    .replace(/<bean class="JsonlReceiver">/, '$&<property name="mapping"><map><entry key="httpUrl" value="url"/>' +
      '<entry key="text" value="text"/></map></property>')
    .replace('</beans>', `
 <bean id="extractorDocument" class="ExtractorDocument"/>
 <bean id="browser" class="BrowserProcessor">
  <property name="screenshot" value="true"/>
  <property name="keepRenderedDom" value="true"/>
  <property name="maxConcurrentPages" value="2"/>
  <property name="networkIdleMs" value="200"/>
  <property name="scrollToEnd" value="true"/>
  <property name="clickSelector" value="#more"/>
  <property name="stepWaitMs" value="50"/>
 </bean>${more}
</beans>`);
}
