import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { BeanList, LiveBean, LiveChange, ServiceEvent } from './api-types.js';
import { time } from './format.js';
import { html } from './html.js';
import { LiveProperty } from './live-property.js';
import { oneAtATime } from './one-at-a-time.js';
import { ProblemView } from './problem-view.js';
import { jobHref, Link } from './router.js';
import { valueText } from './value-text.js';

/** Changes kept in the page's log. */
const MAX_CHANGES = 200;

/** A change's identity: the same change comes back in the answer and in the event stream. */
function changeKey(c: LiveChange): string {
  return `${c.at} ${c.bean}.${c.property}`;
}

/**
 * A job's beans (`/jobs/NAME/beans`): each bean, collapsible, with its values, filtered by id or
 * class. While the crawl runs the values are its values now, and each live property is editable
 * in place. The log lists the changes made while the page is open: from here, and from
 * elsewhere (the job's event stream carries them as `action` events).
 */
export function BeansPage({ name }: { name: string }) {
  const [list, setList] = useState<BeanList>();
  const [error, setError] = useState<unknown>();
  const [filter, setFilter] = useState('');
  const [changes, setChanges] = useState<readonly LiveChange[]>([]);

  const load = useMemo(() => oneAtATime(async () => {
    try {
      setList(await api<BeanList>('GET', jobPath(name, '/beans')));
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }), [name]);
  const logChange = (change: LiveChange) => {
    setChanges((prev) => (prev.some((c) => changeKey(c) === changeKey(change)) ? prev : [...prev.slice(-(MAX_CHANGES - 1)), change]));
    void load();
  };

  useEffect(() => {
    void load();
    const events = new EventSource(jobPath(name, '/events'));
    events.addEventListener('action', (e) => {
      const { data } = JSON.parse((e as MessageEvent<string>).data) as ServiceEvent<{ action?: string; change?: LiveChange }>;
      if (data.action === 'set' && data.change) logChange(data.change);
    });
    // A crawl that starts or ends changes which values are shown, and whether they can change.
    events.addEventListener('state', () => void load());
    return () => events.close();
  }, [name, load]);

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return (list?.beans ?? []).filter((b) => !words || b.id.toLowerCase().includes(words) || b.className.toLowerCase().includes(words));
  }, [list, filter]);

  return html`<section class="beans-page" aria-labelledby="beans-title">
    <h1 id="beans-title" tabindex="-1">Live beans <span class="subtle">of <${Link} href=${jobHref(name)}>${name}</${Link}></span></h1>
    <${ProblemView} error=${error} />
    ${!list ? (error ? null : html`<p class="subtle">Loading…</p>`) : html`
      <p role="status">${list.running
        ? 'The crawl runs: these are its values now. A property marked live can be changed in place; the change lasts for this run (the answer ' +
          'gives the override line that keeps it).'
        : 'The job is not running: these are its configuration\'s values. Live properties can be changed while a crawl runs.'}</p>
      <div class="field">
        <label for="bean-filter">Filter by id or class</label>
        <input id="bean-filter" type="search" value=${filter} onInput=${(e: Event) => setFilter((e.currentTarget as HTMLInputElement).value)} />
      </div>
      <p class="subtle">${shown.length} of ${list.beans.length} beans.</p>
      <div class="bean-list">${shown.map((bean) => html`<${BeanView} key=${bean.id} job=${name} bean=${bean} running=${list.running} onChange=${logChange} />`)}</div>`}
    <section class="change-log" aria-labelledby="changes-title">
      <h2 id="changes-title">Changes while this page is open</h2>
      ${changes.length === 0 ? html`<p class="subtle">None yet.</p>` : html`<ul>
        ${[...changes].reverse().map((c) => html`<li data-change=${`${c.bean}.${c.property}`}>
          <time datetime=${c.at}>${time(c.at)}</time>${' ' +
            ''}<code>${c.bean}.${c.property}</code>: <code>${valueText(c.old)}</code> → <code>${valueText(c.new)}</code>
          ${' '}<span class="subtle">by ${c.who}; keep it with <code>${c.keep}</code></span>
        </li>`)}
      </ul>`}
    </section>
  </section>`;
}

/** One bean: a disclosure with its id and class, and a table of its values (live ones editable while the crawl runs). */
function BeanView({ job, bean, running, onChange }: { job: string; bean: LiveBean; running: boolean; onChange: (change: LiveChange) => void }) {
  const props = Object.keys(bean.values);
  return html`<details class="bean" data-bean=${bean.id}>
    <summary><code>${bean.id}</code> <span class="subtle">${bean.className}</span>${bean.live.length ? html` <span class="live-mark">${bean.live.length} live</span>` : null}</summary>
    ${props.length === 0 ? html`<p class="subtle">No values.</p>` : html`<table>
      <thead><tr><th scope="col">Property</th><th scope="col">Value</th>${running ? html`<th scope="col">Change</th>` : null}</tr></thead>
      <tbody>${props.map((p) => html`<tr key=${p} data-property=${`${bean.id}.${p}`}>
        <th scope="row"><code>${p}</code>${bean.live.includes(p) ? html` <span class="live-mark">live</span>` : null}</th>
        <td class="value"><code>${valueText(bean.values[p])}</code></td>
        ${running ? html`<td>${bean.live.includes(p) ? html`<${LiveProperty} job=${job} bean=${bean.id} property=${p} value=${bean.values[p]} onChange=${onChange} />` : null}</td>` : null}
      </tr>`)}</tbody>
    </table>`}
  </details>`;
}
