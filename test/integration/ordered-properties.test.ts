import { expect } from 'chai';
import { verifyJob } from '../../src/job/verify-job.js';
import { formatDiagnostic } from '../../src/util/diagnostic.js';
import { tempDir } from '../support/temp-dir.js';

const BASE = ['metadata.operatorContactUrl=https://example.org/contact', 'seeds.textSource.value=https://example.org/'];

/** The default profile with these overrides (one a line, from line 5 of the file) and these sheet entries (from line 12). */
const job = (overrides: string[], entries: string[] = []) => `<beans>
 <import resource="classpath:profiles/default.xml"/>
 <bean id="jobOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><value>
${[...overrides, ...BASE].join('\n')}
  </value></property>
 </bean>
 <bean id="odd" class="Sheet">
  <property name="map">
   <map>
${entries.join('\n')}
   </map>
  </property>
 </bean>
</beans>`;

async function errorsOf(text: string): Promise<string[]> {
  const dir = await tempDir({ 'crawler-beans.xml': text });
  try {
    return (await verifyJob(dir.dir)).diagnostics.map(formatDiagnostic).filter((l) => l.includes(': error ') || l.includes(' BC_PROP_ORDER: ' +
      '')).map((l) => l.slice(l.indexOf('crawler-beans.xml')));
  } finally {
    await dir.cleanup();
  }
}

describe('bounds that must agree, checked at verify (each component\'s own validate)', () => {
  it('DispositionProcessor: minDelayMs above maxDelayMs is a warning at maxDelayMs, naming both and saying which wins (Heritrix\'s own test ' +
    'profiles do it)', async () => {
    expect(await errorsOf(job(['disposition.minDelayMs=5000', 'disposition.maxDelayMs=3000']))).to.deep.equal([
      'crawler-beans.xml:6:24: warning BC_PROP_ORDER: bean "disposition" property "maxDelayMs": minDelayMs (5000) is more than maxDelayMs (3000): '
      + 'maxDelayMs wins, as in Heritrix: every rest after a fetch is at most maxDelayMs (a robots.txt Crawl-delay aside)',
    ]);
    expect(await errorsOf(job(['disposition.minDelayMs=3000', 'disposition.maxDelayMs=3000']))).to.deep.equal([]);
  });

  it('FetchHttp: soTimeoutMs longer than timeoutSeconds is a warning at soTimeoutMs, naming both (public Heritrix files do it); 0 (no limit) takes ' +
    'no part', async () => {
    const errors = await errorsOf(job(['fetchHttp.timeoutSeconds=10', 'fetchHttp.soTimeoutMs=20000']));
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/^crawler-beans\.xml:6:23: warning BC_PROP_ORDER: bean "fetchHttp" property "soTimeoutMs": soTimeoutMs \(20000\) is more than timeoutSeconds \(10, × 1000\): a fetch ends at timeoutSeconds first/);
    expect(await errorsOf(job(['fetchHttp.timeoutSeconds=0', 'fetchHttp.soTimeoutMs=20000']))).to.deep.equal([]);
    expect(await errorsOf(job(['fetchHttp.timeoutSeconds=20', 'fetchHttp.soTimeoutMs=20000']))).to.deep.equal([]);
  });

  it('a sheet that breaks the rule is reported at its own entry, whichever of the two it sets', async () => {
    const errors = await errorsOf(job([], ['    <entry key="disposition.minDelayMs" value="60000"/>']));
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/^crawler-beans\.xml:12:\d+: warning BC_PROP_ORDER: bean "odd": "disposition\.minDelayMs": minDelayMs \(60000\) is more than maxDelayMs \(30000\)/);
  });
});
