import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { withConsole } from '../support/console-browser.js';
import { requireServer } from '../support/require-server.js';
import { ServeProcess } from '../support/serve-process.js';
import { linkedSite, page as sitePage } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const CONTACT = 'https://example.org/contact';
/** A pause between two fetches, so that the crawl lasts long enough to be watched and driven. */
const SLOW = ['disposition.delayFactor=0', 'disposition.minDelayMs=150', 'disposition.maxDelayMs=150'];
/** A seed whose path holds markup; the crawler fetches (and logs) it percent-encoded. */
const SCRIPT_SEED = '/p<script>alert(1)</script>';
const SCRIPT_PATH = '/p%3Cscript%3Ealert(1)%3C/script%3E';
describe('the web console, in a real browser (Debian chromium through playwright-core; the real service, port 0)', function () {
  this.timeout(240_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('opens from the printed URL, creates a job, launches, watches, pauses and terminates it; crawled strings stay text; no serious axe ' +
    'violation', async () => {
    const web = await linkedSite(150);
    web.routes.set(SCRIPT_PATH, { body: sitePage('markup in the path') });
    await withConsole(async ({ serve, page, dialogs, b }) => {
      const count = async (name: string) => Number((await page.locator(`[data-count="${name}"]`).textContent())!.replace(/,/g, ''));
      const ticks = async () => Number(await page.locator('[data-ticks]').getAttribute('data-ticks'));
      const state = page.locator('.job-head .state');

      // The printed URL: its token is traded for the session cookie, and leaves the address bar.
      await page.goto(`${serve.base}/?token=${serve.token}`);
      expect(page.url()).to.equal(`${serve.base}/`);
      await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();

      // Create a job through the form (its labels name its fields; Enter submits it).
      await page.getByLabel('Name', { exact: true }).fill('life');
      await page.getByLabel('Seeds, one URL a line').fill(`${web.origin}/\n${web.origin}${SCRIPT_SEED}`);
      await page.getByLabel('Operator contact URL').fill(CONTACT);
      await page.getByLabel('Name', { exact: true }).press('Enter');
      await page.getByRole('status').filter({ hasText: 'Created the job life.' }).waitFor();
      await page.locator('tr[data-job="life"]').getByText('NEW').waitFor();
      // The API's refusal is shown with its located error.
      await page.getByLabel('Name', { exact: true }).fill('life');
      await page.getByRole('button', { name: 'Create job' }).click();
      await page.locator('.create-job .problem').filter({ hasText: 'BC_JOB_EXISTS' }).waitFor();
      expect(await b.seriousViolations()).to.deep.equal([]);
      await b.screenshot('engine');

      // Its page, by its link; a stable URL that reloads as it is.
      await page.getByRole('link', { name: 'life', exact: true }).click();
      await page.waitForURL(`${serve.base}/jobs/life`);
      await page.getByRole('heading', { name: 'life', level: 1 }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'life', level: 1 }).waitFor();
      await page.getByText('Verified').first().waitFor();
      expect(await state.textContent()).to.equal('NEW');
      expect(await page.getByRole('button', { name: 'Pause', exact: true }).isDisabled()).to.equal(true);

      // Launch, slowed by `--set` values.
      await page.getByText('Launch options').click();
      await page.getByLabel(/Values to set/).fill(SLOW.join('\n'));
      await page.getByRole('button', { name: 'Launch', exact: true }).click();
      await page.locator('.job-head .state', { hasText: 'RUNNING' }).waitFor({ timeout: 60_000 });
      // A running job's Launch is disabled, and is not drawn as the page's primary button.
      const launchButton = page.locator('button[data-action="launch"]');
      await page.locator('button[data-action="launch"]:disabled').waitFor();
      expect(await launchButton.getAttribute('class'), 'a disabled Launch is no primary button').not.to.match(/\bprimary\b/);
      // The page's code, run in the browser (the test's TypeScript knows no DOM).
      const background = 'el => getComputedStyle(el).backgroundColor';
      const launchColour = await launchButton.evaluate(background);
      const verifyColour = await page.getByRole('button', { name: 'Verify', exact: true }).evaluate(background);
      expect(launchColour, 'a disabled Launch is drawn as the other buttons').to.equal(verifyColour);

      // The downloaded count rises over three ticks, without a reload; the chart gets points.
      const seen: number[] = [];
      let lastTick = -1;
      await until(async () => {
        const t = await ticks();
        if (t === lastTick) return false;
        lastTick = t;
        const d = await count('downloaded');
        if (seen.at(-1) !== d) seen.push(d);
        return seen.filter((n) => n > 0).length >= 3;
      }, 'the downloaded count to rise over three ticks', { timeoutMs: 60_000, everyMs: 50 });
      expect(seen).to.deep.equal([...seen].sort((a, b) => a - b));
      await until(async () => Number(await page.locator('figure.chart').getAttribute('data-points')) >= 2, 'the chart to get points');
      expect(await page.locator('figure.chart canvas').count()).to.be.greaterThan(0);

      // crawl.log's last lines, statuses coloured; the seed with markup in its path is text.
      await page.locator('.log-lines .status-2xx').first().waitFor();
      await page.getByLabel('URL contains').fill('script');
      const scriptLine = page.locator('.log-lines li', { hasText: 'alert(1)' });
      await scriptLine.waitFor();
      expect(await scriptLine.textContent()).to.contain(`${web.origin}${SCRIPT_PATH}`);
      expect(await page.locator('.log-lines script, .log-lines img, .log-lines li *:not(span)').count()).to.equal(0);
      await page.getByLabel('URL contains').fill('');
      expect(await b.seriousViolations()).to.deep.equal([]);
      await b.screenshot('job-running');

      // Pause: PAUSED once the URIs in flight are done, and the count holds over two more ticks.
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      await page.locator('.job-head .state', { hasText: 'PAUSED' }).waitFor({ timeout: 60_000 });
      // Why it is paused, beside the state.
      expect(await page.locator('.job-head .paused-for').textContent()).to.equal('for operator');
      const held = await count('downloaded');
      const at = await ticks();
      await until(async () => (await ticks()) >= at + 2, 'two ticks while paused');
      expect(await count('downloaded')).to.equal(held);
      await page.locator('button[data-action="unpause"]:enabled').waitFor();
      await page.locator('button[data-action="pause"]:disabled').waitFor();

      // Checkpoint: taken, and listed on the page.
      await page.getByRole('button', { name: 'Checkpoint', exact: true }).click();
      const taken = page.locator('.job-actions [role="status"]', { hasText: /^Checkpoint \S+ taken\.$/ });
      await taken.waitFor({ timeout: 60_000 });
      const checkpointName = /^Checkpoint (\S+) taken\.$/.exec((await taken.textContent())!)![1];
      await page.locator(`.checkpoints li[data-checkpoint="${checkpointName}"]`).waitFor();

      // Terminate: FINISHED, the run ABORTED in the history, its reports to download.
      await page.getByRole('button', { name: 'Terminate' }).click();
      await page.locator('.job-head .state', { hasText: 'FINISHED' }).waitFor({ timeout: 60_000 });
      await page.locator('td[data-exit-status="ABORTED"]').waitFor();
      const report = page.locator('.reports a', { hasText: 'crawl-report.txt' });
      await report.waitFor();
      expect(await report.getAttribute('href')).to.match(/^\/api\/v1\/jobs\/life\/reports\/crawl-report\.txt\?run=/);
      await page.locator('button[data-action="launch"]:enabled').waitFor();
      expect(await b.seriousViolations()).to.deep.equal([]);
      await b.screenshot('job-finished');

      // Back to the jobs: copy, save as profile, delete (asked in place, no browser dialog).
      await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
      await page.waitForURL(`${serve.base}/`);
      await page.locator('tr[data-job="life"]').getByText('ABORTED').waitFor();
      // The counts `beancrawl jobs` prints: downloaded, queued, failed, MiB.
      const row = page.locator('tr[data-job="life"]');
      const listed = await serve.api('GET', '/api/v1/jobs/life');
      for (const [name, value] of [['downloaded', listed.json.counts.downloaded], ['queued', listed.json.counts.queued], ['failed', listed.json.counts.failed]] as const) {
        expect(await row.locator(`[data-count="${name}"]`).textContent(), name).to.equal(Number(value).toLocaleString('en'));
      }
      expect(listed.json.counts.downloaded).to.be.greaterThan(0);
      expect(await row.locator('[data-count="mib"]').textContent()).to.equal((listed.json.counts.bytes / 1048576).toFixed(1));
      expect(await page.locator('tr[data-job="life-copy"], tr[data-job="life"]').locator('[data-count]').count()).to.equal(4);
      await page.getByRole('button', { name: 'Copy life', exact: true }).click();
      await page.getByLabel('Name of the copy').fill('life-copy');
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Copied life to the new job life-copy.' }).waitFor();
      await page.locator('tr[data-job="life-copy"]').waitFor();
      await page.getByRole('button', { name: 'Save life as profile', exact: true }).click();
      await page.getByLabel('Profile name').fill('mine');
      await page.getByRole('button', { name: 'Save as profile', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved life as the profile mine.' }).waitFor();
      await page.getByLabel('Profile', { exact: true }).locator('option', { hasText: /^mine$/ }).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Delete life-copy', exact: true }).click();
      await page.getByRole('button', { name: 'Delete life-copy', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Deleted life-copy.' }).waitFor();
      await page.locator('tr[data-job="life-copy"]').waitFor({ state: 'detached' });

      expect(dialogs, 'no dialog opens').to.deep.equal([]);
    }, { viewport: { width: 1280, height: 900 }, closing: [web] });
  });

  it('shows the live beans and changes one in place, lists the queues and retires, reactivates and deletes from one, explains a URL and says why ' +
    'of one; no serious axe violation', async () => {
    // Two sites, two queues: retiring one leaves the crawl the other to go on with.
    const web = await linkedSite(300);
    const other = await linkedSite(300);
    const key = `127.0.0.1#${web.port}`;
    await withConsole(async ({ serve, page, dialogs, b }) => {
      const created = await serve.api('POST', '/api/v1/jobs', { name: 'pages', profile: 'default', seeds: [`${web.origin}/`, `${other.origin}/`], contact: CONTACT });
      expect(created.status, created.text).to.equal(201);
      const launched = await serve.api('POST', '/api/v1/jobs/pages/actions/launch', { set: SLOW });
      expect(launched.status, launched.text).to.equal(202);
      await until(async () => ((await serve.api('GET', '/api/v1/jobs/pages')).json.counts?.downloaded ?? 0) >= 3, 'the crawl to download a few ' +
        'pages', { timeoutMs: 60_000 });

      await page.goto(`${serve.base}/?token=${serve.token}`);
      await page.getByRole('link', { name: 'pages', exact: true }).click();
      await page.getByRole('heading', { name: 'pages', level: 1 }).waitFor();

      // Live beans: a stable URL; filtered, opened, a live property changed in place (the larger delay first).
      await page.getByRole('link', { name: 'Live beans' }).click();
      await page.waitForURL(`${serve.base}/jobs/pages/beans`);
      await page.reload();
      await page.getByRole('heading', { name: /^Live beans/, level: 1 }).waitFor();
      await page.getByText('The crawl runs').waitFor();
      await page.getByLabel('Filter by id or class').fill('disposition');
      const disposition = page.locator('details[data-bean="disposition"]');
      await disposition.locator('summary').click();
      const change = async (property: string, value: string, shown: string) => {
        await page.getByLabel(`New value of disposition.${property}`).fill(value);
        await page.getByRole('button', { name: `Save disposition.${property}`, exact: true }).click();
        const status = disposition.locator(`tr[data-property="disposition.${property}"] [role="status"]`);
        await status.filter({ hasText: shown }).waitFor();
        expect(await status.textContent()).to.contain(`disposition.${property}=${value}`);
      };
      await change('maxDelayMs', '400', '150 → 400');
      await change('minDelayMs', '300', '150 → 300');
      await disposition.locator('tr[data-property="disposition.minDelayMs"] td.value', { hasText: /^300$/ }).waitFor();
      await page.locator('.change-log li[data-change="disposition.minDelayMs"]').waitFor();
      expect(await page.locator('.change-log li').count()).to.equal(2);
      expect((await serve.api('GET', '/api/v1/jobs/pages/beans/disposition.minDelayMs')).json).to.include({ value: 300 });
      expect(await b.seriousViolations()).to.deep.equal([]);
      await b.screenshot('beans');

      // Queues: the site's queue with its size; retired, reactivated; its waiting URIs that match deleted, confirmed on the page.
      await page.getByRole('navigation').getByRole('link', { name: 'pages', exact: true }).click();
      await page.getByRole('link', { name: 'Queues' }).click();
      await page.waitForURL(`${serve.base}/jobs/pages/queues`);
      const row = page.locator(`tr[data-queue="${key}"]`);
      await row.waitFor();
      expect(Number((await row.locator('td[data-size]').textContent())!.replace(/,/g, ''))).to.be.greaterThan(0);
      await page.getByLabel('Sort by').selectOption('key');
      await row.waitFor();
      await page.getByRole('button', { name: `Retire ${key}`, exact: true }).click();
      await page.locator(`tr[data-queue="${key}"][data-state="retired"]`).waitFor();
      expect(await row.locator('td.queue-state').textContent()).to.match(/^retired/);
      await page.getByLabel('State').selectOption('retired');
      await page.locator('p[role="status"]', { hasText: '1–1 of 1 queue retired' }).waitFor();
      await page.getByRole('button', { name: `Reactivate ${key}`, exact: true }).click();
      await page.locator('p[role="status"]', { hasText: 'No queue retired' }).waitFor();
      await page.getByLabel('State').selectOption('');
      await page.locator(`tr[data-queue="${key}"]:not([data-state="retired"])`).waitFor();
      // Filtered by a text of the key: none has this one; then the site's own.
      await page.getByLabel('Key contains').fill('no-such-host');
      await page.locator('p[role="status"]', { hasText: 'No queue' }).waitFor();
      await page.getByLabel('Key contains').fill(key.split('#')[0]);
      await row.waitFor();
      expect(await row.locator('td[data-errors]').textContent()).to.match(/^\d+$/);
      await page.getByRole('button', { name: `Delete matching URIs of ${key}…`, exact: true }).click();
      await page.getByLabel(/^Pattern/).fill('.*/p29\\d');
      await row.getByRole('button', { name: 'Delete matching…', exact: true }).click();
      await row.getByText('that match').waitFor();
      await row.getByRole('button', { name: 'Delete them', exact: true }).click();
      await row.getByRole('status').filter({ hasText: /^Deleted \d+ waiting URIs?\.$/ }).waitFor();
      expect(await b.seriousViolations()).to.deep.equal([]);
      await b.screenshot('queues');

      // Once the crawl has ended, the queues page says the job is not running.
      expect((await serve.api('POST', '/api/v1/jobs/pages/actions/terminate')).status).to.equal(200);
      await until(async () => !(await serve.api('GET', '/api/v1/jobs/pages')).json.running, 'the terminated crawl to end', { timeoutMs: 60_000 });
      await page.goto(`${serve.base}/jobs/pages/queues`);
      await page.getByText('The job is not running').waitFor();

      // Explain: the site's URL is accepted, by the rule marked; why: a fetched URL's 200, and a URL never seen.
      await page.getByRole('navigation').getByRole('link', { name: 'pages', exact: true }).click();
      await page.getByRole('link', { name: 'Explain and why' }).click();
      await page.waitForURL(`${serve.base}/jobs/pages/explain`);
      await page.getByLabel('URLs, one a line').fill(`${web.origin}/p1`);
      await page.getByRole('button', { name: 'Explain', exact: true }).click();
      const explained = page.locator('article.explanation[data-decision="ACCEPT"]');
      await explained.waitFor();
      expect(await explained.locator('.decision').textContent()).to.match(/^ACCEPT by rule \d+ /);
      // The crawl has ended: the configuration on disk answered, and the page says so.
      expect(await page.locator('.explain-page .busy').first().textContent()).to.equal('1 URL explained from the configuration on disk.');
      const deciding = explained.locator('tr[data-deciding="true"]');
      expect(await deciding.count()).to.equal(1);
      expect(await deciding.textContent()).to.contain('ACCEPT');
      expect(await deciding.textContent()).to.contain('deciding');
      expect(await explained.textContent()).to.contain(key);
      await page.getByLabel('URL', { exact: true }).fill(`${web.origin}/`);
      await page.getByRole('button', { name: 'Why', exact: true }).click();
      await page.locator('.url-history[data-seen="true"] tr[data-status="200"]').first().waitFor();
      expect(await page.locator('.url-history .sources li').count()).to.be.greaterThan(0);
      expect(await b.seriousViolations()).to.deep.equal([]);
      await b.screenshot('explain');
      await page.getByLabel('URL', { exact: true }).fill(`${web.origin}/never-linked`);
      await page.getByRole('button', { name: 'Why', exact: true }).click();
      await page.locator('.url-history[data-seen="false"]', { hasText: 'Never seen' }).waitFor();

      expect(dialogs, 'no dialog opens').to.deep.equal([]);
    }, { viewport: { width: 1280, height: 900 }, closing: [web, other] });
  });
});

describe('the web console\'s editor, in a real browser', function () {
  this.timeout(240_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('shows verify\'s problems where they are as you type, completes and explains properties, saves with If-Match and never over a change made ' +
    'elsewhere', async () => {
    await withConsole(async ({ serve, page, dialogs, b }) => {
      const created = await serve.api('POST', '/api/v1/jobs', { name: 'ed', profile: 'default', seeds: ['https://example.org/'], contact: CONTACT });
      expect(created.status, created.text).to.equal(201);
      const original = (await serve.api('GET', '/api/v1/jobs/ed/files/crawler-beans.xml')).text;
      // 1-based: the line of `</beans>`, before which the bean is typed.
      const at = original.split('\n').findLastIndex((l) => l.trim() === '</beans>') + 1;

      const status = page.locator('.editor-problems [role="status"]');
      const problem = (line: number) => page.locator(`.editor-problems li[data-file="crawler-beans.xml"][data-line="${line}"]`);

      await page.goto(`${serve.base}/?token=${serve.token}`);
      await page.getByRole('link', { name: 'ed', exact: true }).click();
      await page.getByRole('link', { name: 'Edit the bean file' }).click();
      await page.waitForURL(`${serve.base}/jobs/ed/edit`);
      await page.locator('.cm-content').waitFor();
      // Checked as it opens.
      await status.filter({ hasText: 'As typed: no errors' }).waitFor();

      // Type a bean before </beans>; completion offers its class's properties (inherited ones too).
      await page.locator('.cm-content').click();
      await page.keyboard.press('Control+End');
      for (let up = 0; up < 20 && !(await page.locator('.cm-activeLine').textContent())!.includes('</beans>'); up++) await page.keyboard.press('ArrowUp');
      expect(await page.locator('.cm-activeLine').textContent()).to.contain('</beans>');
      await page.keyboard.press('Home');
      await page.keyboard.press('Home');
      await page.keyboard.insertText('<bean id="typo" class="FetchHttp">\n<property name="');
      await page.keyboard.press('Control+Space');
      const options = page.locator('.cm-tooltip-autocomplete .cm-completionLabel');
      await options.filter({ hasText: /^timeoutSeconds$/ }).waitFor();
      const labels = await options.allTextContents();
      expect(labels).to.include.members(['timeoutSeconds', 'sendReferer', 'enabled']);
      expect(labels).not.to.include('FetchHttp');
      await page.keyboard.press('Escape');
      // A misspelt property name and a value of the wrong type: both marked at their line, and listed.
      await page.keyboard.insertText('timeoutSecnds" value="60"/>\n<property name="sendReferer" value="maybe"/>\n</bean>\n');
      await problem(at + 1).filter({ hasText: 'BC_PROP_UNKNOWN' }).waitFor();
      await problem(at + 2).waitFor();
      await status.filter({ hasText: 'As typed: 2 errors' }).waitFor();
      await page.locator('.cm-line', { hasText: 'timeoutSecnds' }).locator('.cm-lintRange-error').waitFor();
      await page.locator('.cm-line', { hasText: 'maybe' }).locator('.cm-lintRange-error').waitFor();
      expect((await serve.api('GET', '/api/v1/jobs/ed/files/crawler-beans.xml')).text, 'typing saves nothing').to.equal(original);
      // An entry of the panel takes the cursor to its line.
      await problem(at + 2).getByRole('button').click();
      expect(await page.locator('.cm-activeLine').textContent()).to.contain('maybe');
      await problem(at + 1).getByRole('button').click();
      expect(await page.locator('.cm-activeLine').textContent()).to.contain('timeoutSecnds');

      // Hover: the property's description, type and default.
      await page.locator('.cm-line', { hasText: 'sendReferer' }).getByText('sendReferer').hover();
      await page.locator('.cm-tooltip-hover', { hasText: 'boolean' }).waitFor();
      expect(await page.locator('.cm-tooltip-hover').textContent()).to.contain('Referer');
      await page.mouse.move(0, 0);

      // Ctrl-S saves it with its errors; the job page then keeps Launch disabled.
      await page.keyboard.press('Control+s');
      await status.filter({ hasText: 'As saved: 2 errors' }).waitFor();
      expect((await serve.api('GET', '/api/v1/jobs/ed/files/crawler-beans.xml')).text).to.contain('timeoutSecnds');
      await page.locator('.editor h1').getByRole('link', { name: 'ed' }).click();
      await page.waitForURL(`${serve.base}/jobs/ed`);
      await page.locator('.configuration .bad').waitFor();
      await page.locator('button[data-action="launch"]:disabled').waitFor();
      await page.getByRole('link', { name: 'Edit the bean file' }).click();
      await status.filter({ hasText: 'errors' }).waitFor();

      // Fix both lines (each reached from the panel), save: clean, and Launch is enabled.
      for (const [line, text] of [[at + 1, '<property name="timeoutSeconds" value="60"/>'], [at + 2, '<property name="sendReferer" ' +
        'value="false"/>']] as const) {
        await problem(line).getByRole('button').click();
        await page.keyboard.press('End');
        await page.keyboard.press('Shift+Home');
        await page.keyboard.insertText(text);
      }
      await status.filter({ hasText: 'As typed: no errors' }).waitFor();
      expect(await page.locator('.cm-lintRange-error').count()).to.equal(0);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await status.filter({ hasText: 'As saved: no errors' }).waitFor();
      const fixed = await serve.api('GET', '/api/v1/jobs/ed/files/crawler-beans.xml');
      expect(fixed.text).to.contain('timeoutSeconds" value="60"').and.not.contain('timeoutSecnds');
      await page.locator('.editor h1').getByRole('link', { name: 'ed' }).click();
      await page.locator('button[data-action="launch"]:enabled').waitFor();
      await page.getByRole('link', { name: 'Edit the bean file' }).click();
      await status.filter({ hasText: 'no errors' }).waitFor();

      // Changed elsewhere meanwhile: the save is refused (412), said so, and the other change stays.
      const elsewhere = fixed.text.replace('</beans>', '<!-- changed elsewhere -->\n</beans>');
      const put = await serve.api('PUT', '/api/v1/jobs/ed/files/crawler-beans.xml', elsewhere, { 'if-match': fixed.headers.get('etag')!, 'content-type': 'text/plain' });
      expect(put.status, put.text).to.equal(200);
      await page.locator('.cm-content').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.insertText('<!-- mine -->');
      await page.locator('.busy', { hasText: 'Unsaved changes.' }).waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('.conflict[role="alert"]', { hasText: 'Changed elsewhere' }).waitFor();
      expect((await serve.api('GET', '/api/v1/jobs/ed/files/crawler-beans.xml')).text, 'nothing overwritten').to.equal(elsewhere);
      expect(await b.seriousViolations()).to.deep.equal([]);
      await b.screenshot('editor');

      // Leaving with unsaved text asks first (dismissed: the editor stays).
      expect(dialogs).to.deep.equal([]);
      await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
      await until(async () => dialogs.length === 1, 'the question before leaving');
      expect(dialogs[0]).to.match(/^confirm: .*not saved/);
      expect(page.url()).to.equal(`${serve.base}/jobs/ed/edit`);
      // The browser's Back asks too; dismissed, the address and the text stay.
      await page.goBack();
      await until(async () => dialogs.length === 2, 'the question before going back');
      await until(async () => page.url() === `${serve.base}/jobs/ed/edit`, 'the editor\'s address back in the address bar');
      expect(await page.locator('.cm-line', { hasText: 'mine' }).count()).to.equal(1);
      // Reloading the file takes the change made elsewhere, and nothing is left unsaved.
      await page.getByRole('button', { name: 'Reload the file' }).click();
      await page.locator('.cm-line', { hasText: 'changed elsewhere' }).waitFor();
      expect(await page.locator('.cm-line', { hasText: 'mine' }).count()).to.equal(0);
      await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
      await page.waitForURL(`${serve.base}/`);
      expect(dialogs).to.have.length(2);
    });
  });
});

describe('the web console\'s files (the real service, port 0)', function () {
  this.timeout(60_000);

  it('answers its page with a strict CSP, its modules and the vendor packages\' files, and nothing else of dist or node_modules', async () => {
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    try {
      const out = serve.output.bind(serve);
      const shell = await serve.api('GET', '/');
      expect(shell.status, shell.text + out()).to.equal(200);
      expect(shell.headers.get('content-type')).to.match(/^text\/html/);
      const csp = shell.headers.get('content-security-policy')!;
      expect(csp).to.contain("default-src 'self'").and.contain("style-src 'self'").and.contain("frame-ancestors 'none'").and.not.contain('unsafe');
      // The inline import map is let in by its hash, and is the page's only inline script.
      const map = /<script type="importmap">([^<]*)<\/script>/.exec(shell.text)![1];
      expect(csp).to.contain(`script-src 'self' 'sha256-${createHash('sha256').update(map).digest('base64')}'`);
      expect(shell.text.match(/<script/g)).to.have.length(2);
      expect(shell.text).not.to.match(/style=/);
      // Every console URL is the same page; the API keeps its own CSP and no-store.
      expect((await serve.api('GET', '/jobs/anything')).text).to.equal(shell.text);
      const engine = await serve.api('GET', '/api/v1/engine');
      expect(engine.headers.get('content-security-policy')).to.equal("default-src 'none'; frame-ancestors 'none'");
      expect(engine.headers.get('cache-control')).to.equal('no-store');

      const imports = (JSON.parse(map) as { imports: Record<string, string> }).imports;
      expect(Object.keys(imports).sort()).to.deep.equal([
        '@codemirror/autocomplete', '@codemirror/commands', '@codemirror/lang-json', '@codemirror/lang-xml', '@codemirror/language', '@codemirror/lint',
        '@codemirror/state', '@codemirror/streamparser', '@codemirror/view', '@lezer/common', '@lezer/highlight', '@lezer/json', '@lezer/lr', '@lezer/xml',
        '@marijn/find-cluster-break', 'crelt', 'htm', 'preact', 'preact/hooks', 'style-mod', 'uplot', 'w3c-keyname',
      ]);
      for (const url of Object.values(imports)) {
        const r = await serve.api('GET', url);
        expect(r.status, url).to.equal(200);
        expect(r.headers.get('content-type'), url).to.equal('text/javascript; charset=utf-8');
        expect(r.headers.get('cache-control'), url).to.contain('immutable');
      }
      const css = /href="(\/vendor\/uplot@[^"]+\.css)"/.exec(shell.text)![1];
      expect((await serve.api('GET', css)).headers.get('content-type')).to.equal('text/css; charset=utf-8');
      const main = await serve.api('GET', '/console/main.js');
      expect(main.status).to.equal(200);
      expect(main.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
      expect((await serve.api('GET', '/console/main.js', undefined, { 'if-none-match': main.headers.get('etag') })).status).to.equal(304);
      expect((await serve.api('GET', '/console/console.css')).headers.get('content-type')).to.equal('text/css; charset=utf-8');
      // The session is needed for the files too.
      expect((await serve.api('GET', '/console/main.js', undefined, { authorization: null })).status).to.equal(401);

      const preact = imports.preact.split('/')[2];
      for (const path of [
        '/vendor/preact@0.0.1/dist/preact.mjs', `/vendor/${preact}/package.json`, `/vendor/${preact}/../../fastify/fastify.js`,
        `/vendor/${preact}/%2e%2e/%2e%2e/fastify/fastify.js`, `/vendor/${preact}/dist%2f..%2f..%2f..%2ffastify%2ffastify.js`, '/vendor/fastify@5.12.8/fastify.js',
        '/vendor/preact/dist/preact.mjs', '/console/../server/service-app.js', '/console/%2e%2e/server/service-app.js', '/console/main.ts', '/console/tsconfig.json',
        '/console/%2Fetc%2Fpasswd.js',
      ]) {
        const r = await serve.api('GET', path);
        expect(r.status, `${path}: ${r.text}`).to.be.oneOf([400, 404]);
      }
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });
});
