import { expect } from 'chai';
import { verifyText } from '../support/verify-text.js';

describe('environment placeholders in bean files', () => {
  const METADATA = '<bean id="metadata" class="CrawlMetadata"><property name="operatorContactUrl" value="${CONTACT:https://example.org/default}"/>' +
    '<property name="jobName" value="#{systemEnvironment[\'JOB_NAME\'] ?: \'unnamed\'}"/></bean>';

  it('fills in values from the environment, or with their defaults', async () => {
    const set = await verifyText({ 'crawler-beans.xml': `<beans>${METADATA}</beans>` }, { env: { CONTACT: 'https://example.org/ops', JOB_NAME: 'weekly' } });
    expect(set.errors).to.deep.equal([]);
    expect(set.resolved!.byId.get('metadata')!.config).to.include({ operatorContactUrl: 'https://example.org/ops', jobName: 'weekly' });
    const unset = await verifyText({ 'crawler-beans.xml': `<beans>${METADATA}</beans>` }, { env: {} });
    expect(unset.resolved!.byId.get('metadata')!.config).to.include({ operatorContactUrl: 'https://example.org/default', jobName: 'unnamed' });
  });

  it('resolves an import\'s resource, ${NAME} included, before following it', async () => {
    const r = await verifyText(
      {
        'crawler-beans.xml': '<beans><import resource="${PARTS}/${EXTRA:metadata}.xml"/></beans>',
        'parts/metadata.xml': `<beans>${METADATA}</beans>`,
      },
      { env: { PARTS: 'parts' } },
    );
    expect(r.errors).to.deep.equal([]);
    expect(r.resolved!.byId.has('metadata')).to.equal(true);
  });
});
