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
    return (await verifyJob(dir.dir)).diagnostics.map(formatDiagnostic).filter((l) => l.includes(': error ')).map((l) => l.slice(l.indexOf('crawler-beans.xml')));
  } finally {
    await dir.cleanup();
  }
}

describe('bounds that must agree, checked at verify (each component\'s own validate)', () => {
  it('DispositionProcessor: minDelayMs above maxDelayMs, at maxDelayMs, naming both', async () => {
    expect(await errorsOf(job(['disposition.minDelayMs=5000', 'disposition.maxDelayMs=3000']))).to.deep.equal([
      'crawler-beans.xml:6:24: error BC_BEAN_INVALID: bean "disposition" property "maxDelayMs": minDelayMs (5000) is more than maxDelayMs (3000): '
      + 'the shortest rest after a fetch would be longer than the longest; make minDelayMs at most maxDelayMs',
    ]);
    expect(await errorsOf(job(['disposition.minDelayMs=3000', 'disposition.maxDelayMs=3000']))).to.deep.equal([]);
  });

  it('FetchHttp: soTimeoutMs longer than timeoutSeconds, at soTimeoutMs, naming both; 0 (no limit) takes no part', async () => {
    const errors = await errorsOf(job(['fetchHttp.timeoutSeconds=10', 'fetchHttp.soTimeoutMs=20000']));
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/^crawler-beans\.xml:6:23: error BC_BEAN_INVALID: bean "fetchHttp" property "soTimeoutMs": soTimeoutMs \(20000\) is more than timeoutSeconds \(10, × 1000\): /);
    expect(await errorsOf(job(['fetchHttp.timeoutSeconds=0', 'fetchHttp.soTimeoutMs=20000']))).to.deep.equal([]);
    expect(await errorsOf(job(['fetchHttp.timeoutSeconds=20', 'fetchHttp.soTimeoutMs=20000']))).to.deep.equal([]);
  });

  it('a sheet that breaks the rule is reported at its own entry, whichever of the two it sets', async () => {
    const errors = await errorsOf(job([], ['    <entry key="disposition.minDelayMs" value="60000"/>']));
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/^crawler-beans\.xml:12:\d+: error BC_SHEET_VALUE: bean "odd": "disposition\.minDelayMs": minDelayMs \(60000\) is more than maxDelayMs \(30000\)/);
  });
});
