import { expect } from 'chai';
import { changedLines } from '../support/changed-lines.js';
import { withConsole } from '../support/console-browser.js';
import { requireServer } from '../support/require-server.js';
import { until } from '../support/until.js';

const CONTACT = 'https://example.org/contact';
const BEAN_FILE = '/api/v1/jobs/fm/files/crawler-beans.xml';

/** A job's sheet file: one sheet for a site and a longer prefix of it, one applied nowhere. */
const SHEETS = `<?xml version="1.0" encoding="UTF-8"?>
<beans>
 <bean id="slow" class="Sheet">
  <property name="map"><map><entry key="disposition.minDelayMs" value="5000"/></map></property>
 </bean>
 <bean id="orphan" class="Sheet">
  <property name="map"><map><entry key="disposition.maxDelayMs" value="9000"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>http://(org,example,</value></list></property>
  <property name="targetSheetNames"><list><value>slow</value></list></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>http://(org,example,)/docs/</value></list></property>
  <property name="targetSheetNames"><list><value>slow</value></list></property>
 </bean>
</beans>
`;

describe('the web console\'s forms, clip library and sheets, in a real browser', function () {
  this.timeout(240_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('edits beans by form, each edit changing only its value\'s text in the file; swaps a bean\'s class; shows the sheets where they apply and ' +
    'their problems at their lines; no serious axe violation', async () => {
    await withConsole(async ({ serve, page, b }) => {
      expect((await serve.api('POST', '/api/v1/jobs', { name: 'fm', profile: 'default', seeds: ['https://example.org/'], contact: CONTACT })).status).to.equal(201);
      expect((await serve.api('PUT', '/api/v1/jobs/fm/files/sheets/site.xml', SHEETS)).status).to.equal(201);
      const file = async () => (await serve.api('GET', BEAN_FILE)).text;

      const result = page.locator('.edit-result');
      await page.goto(`${serve.base}/?token=${serve.token}`);
      await page.getByRole('link', { name: 'fm', exact: true }).click();
      await page.getByRole('link', { name: 'Beans by form' }).click();
      await page.waitForURL(`${serve.base}/jobs/fm/forms`);
      const frontier = page.locator('details[data-bean="frontier"]');
      await frontier.locator('summary').click();

      // A value left at its default: one line added to the bean, nothing else changed.
      const before = await file();
      const retries = page.locator('[id="field-frontier.maxRetries"]');
      expect(await retries.getAttribute('type')).to.equal('number');
      await retries.fill('3');
      await page.getByRole('button', { name: 'Save frontier.maxRetries' }).click();
      await result.filter({ hasText: 'Written to crawler-beans.xml' }).waitFor();
      await result.filter({ hasText: 'Verified: no errors.' }).waitFor();
      const afterRetries = await file();
      expect(changedLines(before, afterRetries)).to.deep.equal({ removed: [], added: ['  <property name="maxRetries" value="3"/>'] });
      // The form now shows where the value is written.
      await frontier.locator('[data-property="frontier.maxRetries"] .source').filter({ hasText: /set at crawler-beans\.xml:\d+/ }).waitFor();

      // A value an override sets: its override line changes, not the bean's placeholder.
      const metadata = page.locator('details[data-bean="metadata"]');
      await metadata.locator('summary').click();
      await metadata.locator('[data-property="metadata.operatorContactUrl"] .source').filter({ hasText: 'override at' }).waitFor();
      await page.locator('[id="field-metadata.operatorContactUrl"]').fill('https://example.org/operator?a=1&b=2');
      await page.getByRole('button', { name: 'Save metadata.operatorContactUrl' }).click();
      await result.filter({ hasText: /override "metadata\.operatorContactUrl" at crawler-beans\.xml:\d+:1, which sets it/ }).waitFor();
      const afterContact = await file();
      expect(changedLines(afterRetries, afterContact)).to.deep.equal({
        removed: [`metadata.operatorContactUrl=${CONTACT}`], added: ['metadata.operatorContactUrl=https://example.org/operator?a=1&amp;b=2'],
      });
      // A bad value is refused on the page, and nothing is sent.
      await page.locator('[id="field-frontier.maxRetries"]').fill('-5');
      await frontier.getByRole('alert').filter({ hasText: 'Needs at least' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save frontier.maxRetries' }).isDisabled()).to.equal(true);
      expect(await file()).to.equal(afterContact);
      await b.screenshot('forms');
      expect(await b.seriousViolations(), 'axe on the forms page').to.deep.equal([]);

      // The clip library: the frontier becomes a MemoryFrontier, its id and its maxRetries kept.
      await frontier.getByLabel('Swap for another component').selectOption('MemoryFrontier');
      await frontier.getByRole('button', { name: 'Swap' }).click();
      await result.filter({ hasText: 'Verified: no errors.' }).waitFor();
      const afterSwap = await file();
      expect(changedLines(afterContact, afterSwap)).to.deep.equal({ removed: [' <bean id="frontier" class="LevelFrontier">'], added: [' <bean ' +
        'id="frontier" class="MemoryFrontier">'] });
      await frontier.locator('summary').filter({ hasText: 'MemoryFrontier' }).waitFor();

      // A stale tag is refused: nothing is written over a change made elsewhere.
      const stale = await serve.api('PATCH', '/api/v1/jobs/fm/config', { op: 'set', bean: 'frontier', property: 'maxRetries', value: 4 }, { 'if-match': '"stale"' });
      expect(stale.status, stale.text).to.equal(412);
      expect(await file()).to.equal(afterSwap);

      // The sheets: the prefixes as a tree, the sheet applied nowhere flagged.
      await page.goto(`${serve.base}/jobs/fm/sheets`);
      await page.locator('.surt-tree li[data-prefix="http://(org,example,"]').filter({ hasText: 'slow' }).waitFor();
      await page.locator('.surt-tree li[data-prefix="http://(org,example,"] li[data-prefix="http://(org,example,)/docs/"]').waitFor();
      await page.locator('#sheet-orphan').filter({ hasText: 'Applied by no association' }).waitFor();
      expect(await page.locator('#sheet-slow').innerText()).to.contain('disposition.minDelayMs');
      await b.screenshot('sheets');
      expect(await b.seriousViolations(), 'axe on the sheets page').to.deep.equal([]);

      // A sheet entry that names no overlayable property: located at its line, on the page as soon as the file is saved.
      const broken = SHEETS.replace('disposition.maxDelayMs', 'disposition.noSuchThing');
      expect((await serve.api('PUT', '/api/v1/jobs/fm/files/sheets/site.xml', broken)).status).to.equal(200);
      const line = broken.split('\n').findIndex((l) => l.includes('noSuchThing')) + 1;
      await until(async () => (await page.locator(`a.where[href*="line=${line}"]`).count()) > 0, `the sheet's problem at line ${line} on the page`);
      expect(await page.locator('a.where').first().innerText()).to.match(new RegExp(`^sheets/site\\.xml:${line}:`));
    });
  });
});
