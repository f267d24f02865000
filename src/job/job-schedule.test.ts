import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { createJob } from './create-job.js';
import { missedScheduledRun, nextScheduledRun, readJobSchedule, type JobSchedule } from './job-schedule.js';

/** A job made by `create` from the default profile (seeds and contact set), with `beans` added to its XML. */
async function jobWith(beans: string): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const work = await tempDir();
  const dir = join(work.dir, 'job');
  const file = await createJob(dir, { profile: 'default', seeds: ['https://example.org/'], contact: 'https://example.org/contact' });
  const xml = await readFile(file, 'utf8');
  await writeFile(file, xml.replace(/<\/beans>\s*$/, `${beans}\n</beans>\n`));
  return { dir, cleanup: work.cleanup };
}

const daily: JobSchedule = { cron: '30 2 * * *', timeZone: 'Europe/Berlin', enabled: true, runMissed: true };

describe('job schedules', () => {
  it('reads a job\'s CrawlSchedule, with the defaults of what it leaves out', async () => {
    const job = await jobWith('<bean id="schedule" class="CrawlSchedule"><property name="cron" value="0 3 * * MON-FRI"/></bean>');
    try {
      expect(await readJobSchedule(job.dir)).to.deep.equal({ cron: '0 3 * * MON-FRI', timeZone: 'UTC', enabled: true, runMissed: true });
    } finally {
      await job.cleanup();
    }
  });

  it('reads every property, overrides included, trimmed of the blanks around a <value>', async () => {
    const job = await jobWith(`<bean id="schedule" class="CrawlSchedule">
  <property name="cron"><value>
    @daily
  </value></property>
  <property name="timeZone" value="America/New_York"/>
  <property name="enabled" value="false"/>
 </bean>
 <bean id="scheduleOverrides" class="PropertyOverrideConfigurer">
  <property name="properties"><value>
schedule.runMissed=false
  </value></property>
 </bean>`);
    try {
      expect(await readJobSchedule(job.dir)).to.deep.equal({ cron: '@daily', timeZone: 'America/New_York', enabled: false, runMissed: false });
    } finally {
      await job.cleanup();
    }
  });

  it('gives undefined for a job with no schedule, one whose schedule is wrong, and a folder with no job', async () => {
    const none = await jobWith('');
    const wrong = await jobWith('<bean id="schedule" class="CrawlSchedule"><property name="cron" value="0 25 * * *"/></bean>');
    try {
      expect(await readJobSchedule(none.dir)).to.equal(undefined);
      expect(await readJobSchedule(wrong.dir)).to.equal(undefined);
      expect(await readJobSchedule(join(none.dir, 'no-such-job'))).to.equal(undefined);
    } finally {
      await none.cleanup();
      await wrong.cleanup();
    }
  });

  it('gives the next run in the schedule\'s time zone', () => {
    expect(nextScheduledRun(daily, new Date('2024-05-01T00:00:00Z')).toISOString()).to.equal('2024-05-01T00:30:00.000Z');
    expect(nextScheduledRun(daily, new Date('2024-05-01T00:30:00Z')).toISOString()).to.equal('2024-05-02T00:30:00.000Z');
    expect(nextScheduledRun({ ...daily, timeZone: 'UTC' }, new Date('2024-05-01T00:00:00Z')).toISOString()).to.equal('2024-05-01T02:30:00.000Z');
    expect(() => nextScheduledRun({ ...daily, cron: '0 3 * *' }, new Date())).to.throw(/has 4 fields/);
  });

  it('owes one run for the times missed while the service was down, unless told not to', () => {
    const since = new Date('2024-05-01T00:30:00Z'); // the last run
    const now = new Date('2024-05-04T12:00:00Z'); // three runs missed
    expect(missedScheduledRun(daily, since, now)?.toISOString()).to.equal('2024-05-02T00:30:00.000Z');
    expect(missedScheduledRun(daily, since, new Date('2024-05-01T23:00:00Z'))).to.equal(undefined);
    expect(missedScheduledRun({ ...daily, runMissed: false }, since, now)).to.equal(undefined);
    expect(missedScheduledRun({ ...daily, enabled: false }, since, now)).to.equal(undefined);
  });
});
