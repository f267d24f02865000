import { expect } from 'chai';
import { verifyJob } from '../../src/job/verify-job.js';
import { formatDiagnostic } from '../../src/util/diagnostic.js';
import { tempDir } from '../support/temp-dir.js';

const beans = (entries: string) => `<beans>
 <import resource="classpath:profiles/default.xml"/>
 <bean id="jobOverrides" class="PropertyOverrideConfigurer">
  <property name="properties" value="metadata.operatorContactUrl=https://example.org/contact"/>
 </bean>
 <bean id="odd" class="Sheet">
  <property name="map">
   <map>
${entries}
   </map>
  </property>
 </bean>
</beans>`;

describe('sheet values meet their component\'s own rules (verify, level 3)', () => {
  it('reports a regular expression a sheet gives that does not compile, at the sheet\'s entry', async () => {
    const job = await tempDir({ 'crawler-beans.xml': beans('    <entry key="preselector.blockByRegex" value="(unclosed"/>') });
    try {
      const lines = (await verifyJob(job.dir)).diagnostics.map(formatDiagnostic);
      const errors = lines.filter((l) => l.includes('error'));
      expect(errors, lines.join('\n')).to.have.length(1);
      expect(errors[0]).to.match(/crawler-beans\.xml:9:\d+: error BC_SHEET_VALUE: bean "odd": "preselector\.blockByRegex": "\(unclosed" is not a valid regular expression: "\(" at offset 0 is never closed/);
    } finally {
      await job.cleanup();
    }
  });

  it('reports a Java construct a sheet gives that cannot be translated exactly, naming it and its offset', async () => {
    const job = await tempDir({ 'crawler-beans.xml': beans('    <entry key="preselector.blockByRegex" value=".*(x)*+"/>') });
    try {
      const lines = (await verifyJob(job.dir)).diagnostics.map(formatDiagnostic);
      const errors = lines.filter((l) => l.includes('error'));
      expect(errors, lines.join('\n')).to.have.length(1);
      expect(errors[0]).to.match(/crawler-beans\.xml:9:\d+: error BC_SHEET_VALUE: bean "odd": "preselector\.blockByRegex": "\.\*\(x\)\*\+": possessive quantifier "\*\+" at offset 5 cannot be translated exactly/);
    } finally {
      await job.cleanup();
    }
  });

  it('accepts a sheet whose values keep the rules', async () => {
    const job = await tempDir({ 'crawler-beans.xml': beans('    <entry key="preselector.blockByRegex" value=".*\\.iso"/>') });
    try {
      const lines = (await verifyJob(job.dir)).diagnostics.map(formatDiagnostic).filter((l) => l.includes('error'));
      expect(lines).to.deep.equal([]);
    } finally {
      await job.cleanup();
    }
  });
});
