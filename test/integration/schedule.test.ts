import { expect } from 'chai';
import { join } from 'node:path';
import { verifyJob } from '../../src/job/verify-job.js';
import { formatDiagnostic } from '../../src/util/diagnostic.js';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { runCli } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

/** The default profile with a contact URL and a seed (lines 1–8), and `beans` from line 9 on. */
const xmlJob = (beans: string) => `<beans>
 <import resource="classpath:profiles/default.xml"/>
 <bean id="jobOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><value>
metadata.operatorContactUrl=https://example.org/contact
seeds.textSource.value=https://example.org/
  </value></property>
 </bean>
${beans}
</beans>`;

/** verify's lines for a job folder holding these files, paths relative to it. */
async function verifyLines(files: Record<string, string>): Promise<string[]> {
  const job = await tempDir(files);
  try {
    return (await verifyJob(job.dir)).diagnostics.map((d) => formatDiagnostic(d).split('\n')[0].replaceAll(`${job.dir}/`, ''));
  } finally {
    await job.cleanup();
  }
}

describe('CrawlSchedule at verify (integration)', () => {
  it('passes a good schedule, and the profiles without one', async () => {
    expect(await verifyLines({ 'crawler-beans.xml': xmlJob(' <bean id="schedule" class="CrawlSchedule"><property name="cron" value="*/30 6-22 * * ' +
      'MON-FRI"/><property name="timeZone" value="Europe/Berlin"/></bean>') })).to.deep.equal([]);
    expect(await verifyLines({ 'crawler-beans.xml': xmlJob('') })).to.deep.equal([]);
  });

  it('locates a bad expression at the character at fault: in an attribute, a <value> over lines, and an override', async () => {
    expect(await verifyLines({ 'crawler-beans.xml': xmlJob(' <bean id="schedule" class="CrawlSchedule">\n  <property name="cron" value="0 3 * * ' +
      '1-8"/>\n </bean>') })).to.deep.equal([
      'crawler-beans.xml:10:42: error BC_SCHEDULE_INVALID: bean "schedule" property "cron": "0 3 * * 1-8": day of week 8 is out of range 0–7',
    ]);
    expect(await verifyLines({ 'crawler-beans.xml': xmlJob(' <bean id="schedule" class="CrawlSchedule">\n  <property name="cron"><value>\n    0 3 ' +
      '31 FEB *\n  </value></property>\n </bean>') })).to.deep.equal([
      'crawler-beans.xml:11:9: error BC_SCHEDULE_INVALID: bean "schedule" property "cron": "0 3 31 FEB *": day of month 31 never comes in ' +
        'February: the expression would never match',
    ]);
    const overridden = xmlJob(' <bean id="schedule" class="CrawlSchedule"><property name="cron" value="@daily"/></bean>')
      .replace('seeds.textSource.value=', 'schedule.cron=0 3 * * * 2024\nseeds.textSource.value=');
    expect(await verifyLines({ 'crawler-beans.xml': overridden })).to.deep.equal([
      // Six fields are seconds first: the year is read as a day of the week.
      'crawler-beans.xml:6:25: error BC_SCHEDULE_INVALID: bean "schedule" property "cron": "0 3 * * * 2024": day of week 2024 is out of range 0–7',
    ]);
  });

  it('locates it in a JSON bean file too, past the opening quote', async () => {
    const json = JSON.stringify({
      imports: ['classpath:profiles/default.xml'],
      beans: {
        jobOverrides: { class: 'PropertyOverrideConfigurer', properties: { properties: { 'metadata.operatorContactUrl': 'https://example.org/contact', 'seeds.textSource.value': 'https://example.org/' } } },
        schedule: { class: 'CrawlSchedule', properties: { cron: '0 3 * * *  x', timeZone: 'Berlin' } },
      },
    }, null, 1);
    const lines = json.split('\n');
    const cron = lines.findIndex((l) => l.includes('"cron"'));
    const zone = lines.findIndex((l) => l.includes('"timeZone"'));
    expect(await verifyLines({ 'crawler-beans.json': json })).to.deep.equal([
      `crawler-beans.json:${cron + 1}:${lines[cron].indexOf('x"') + 1}: error BC_SCHEDULE_INVALID: bean "schedule" property "cron": "0 3 * * *  ` +
        `x": day of week "x" is not a day name: write 0–7 or SUN–SAT`,
      `crawler-beans.json:${zone + 1}:${lines[zone].indexOf('"Berlin"') + 1}: error BC_SCHEDULE_INVALID: bean "schedule" property "timeZone": ` +
        `"Berlin" is not an IANA time zone name (such as UTC, Europe/Berlin or America/New_York)`,
    ]);
  });

  it('refuses a second schedule in a job', async () => {
    const two = xmlJob(' <bean id="schedule" class="CrawlSchedule"><property name="cron" value="@daily"/></bean>\n <bean id="weekends" ' +
      'class="CrawlSchedule"><property name="cron" value="0 12 * * SAT,SUN"/></bean>');
    expect(await verifyLines({ 'crawler-beans.xml': two })).to.deep.equal([
      'crawler-beans.xml:10:29: error BC_SCHEDULE_INVALID: bean "weekends": is a second schedule (after "schedule"); a job has at most one: write ' +
        'the times in one cron expression, or keep one bean',
    ]);
  });

  it('is shown by `beancrawl verify JOB`, which exits 1', async function () {
    this.timeout(30000);
    const job = await tempDir({ 'crawler-beans.xml': xmlJob(' <bean id="schedule" class="CrawlSchedule">\n  <property name="cron" value="75 3 * * ' +
      '*"/>\n </bean>') });
    try {
      const { code, stderr } = await runCli(['verify', job.dir]);
      expect(code, stderr).to.equal(1);
      expect(stderr).to.include(`${join(job.dir, 'crawler-beans.xml')}:10:32: error BC_SCHEDULE_INVALID: bean "schedule" property "cron": "75 3 * ` +
        `* *": minute 75 is out of range 0–59`);
      expect(stderr).to.include('hint: the fields are [second] minute hour day-of-month month day-of-week');
    } finally {
      await job.cleanup();
    }
  });
});

describe('CrawlSchedule at launch (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;

  before(async () => {
    site = await SiteServer.start({ '/': { body: page('home', ['/a.html']) }, '/a.html': { body: page('a') } });
  });
  after(() => site.close());

  it('changes nothing in a crawl: the job is built, started and stopped with it, and crawls to the end', async () => {
    const beans = '<beans>\n <import resource="classpath:profiles/default.xml"/>\n <bean id="schedule" class="CrawlSchedule"><property name="cron" ' +
      'value="*/5 * * * * *"/></bean>\n</beans>';
    const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans });
    expect(exitStatus).to.equal('FINISHED');
    expect(log.filter((e) => e.status === 200).map((e) => e.uri).sort()).to.deep.equal([`${site.origin}/`, `${site.origin}/a.html`]);
  });
});
