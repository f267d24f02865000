import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './run-cli.js';

/** profiles/file-system.xml with delta runs: the fetch history loaded and judged around FetchFile, stored after the disposition. */
export function deltaFileSystemProfile(maxDeletePercent: number): string {
  return readFileSync(join(REPO_ROOT, 'profiles', 'file-system.xml'), 'utf8')
    .replace('<ref bean="preconditions"/><ref bean="fetchFile"/>', '<ref bean="preconditions"/><ref bean="persistLoad"/><ref ' +
      'bean="fetchFile"/><ref bean="fetchHistoryProcessor"/>')
    .replace('<ref bean="candidates"/><ref bean="disposition"/>', '<ref bean="candidates"/><ref bean="disposition"/><ref bean="persistStore"/>')
    .replace('</beans>', ` <bean id="fetchHistory" class="FetchHistoryStore"><property name="deltaCrawl" value="true"/><property ` +
      `name="maxDeletePercent" value="${maxDeletePercent}"/></bean>
 <bean id="persistLoad" class="PersistLoadProcessor"/>
 <bean id="fetchHistoryProcessor" class="FetchHistoryProcessor"/>
 <bean id="persistStore" class="PersistStoreProcessor"/>
</beans>`);
}
