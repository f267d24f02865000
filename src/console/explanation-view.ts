import type { Explanation } from './api-types.js';
import { html } from './html.js';
import { valueText } from './value-text.js';

/**
 * What the job would do with one URL (one item of POST …/explain's answer): its normalized form,
 * SURT and queue key, every scope rule's verdict in order with the deciding one marked, the
 * sheets that apply and the values they change, politeness and robots.
 */
export function ExplanationView({ item }: { item: Explanation }) {
  const decision = item.decision;
  return html`<article class="explanation" data-url=${item.url} data-decision=${decision?.decision}>
    <h3><code>${item.url}</code></h3>
    ${item.normalized === null ? html`<p class="bad">Not a URL the crawler can take.</p>` : null}
    <dl class="facts">
      <div><dt>Normalized</dt><dd><code>${item.normalized ?? '–'}</code></dd></div>
      <div><dt>SURT</dt><dd><code>${item.surt ?? '–'}</code></dd></div>
      <div><dt>Queue key</dt><dd><code>${item.queueKey ?? '–'}</code></dd></div>
      ${item.uniquenessKey !== undefined ? html`<div><dt>Uniqueness key</dt><dd><code>${item.uniquenessKey}</code></dd></div>` : null}
      ${item.cost !== undefined ? html`<div><dt>Cost</dt><dd>${item.cost}</dd></div>` : null}
      <div><dt>Scope decision</dt><dd class="decision"><strong class=${decision?.decision === 'ACCEPT' ? 'ok' : 'bad'}>${decision?.decision ?? '–'}</strong>${decision?.rule ? html` by rule ${decision.index} <code>${decision.rule}</code>` : decision ? ' (no rule decided: the default)' : ''}</dd></div>
      ${item.divertedTo ? html`<div><dt>Diverted to</dt><dd>${item.divertedTo}</dd></div>` : null}
      <div><dt>Robots</dt><dd>${item.robots}</dd></div>
      ${item.usage === undefined ? null : html`<div><dt>Usage preferences</dt><dd>${item.usage}</dd></div>`}
      ${item.politeness ? html`<div><dt>Politeness</dt><dd>delay ${item.politeness.minDelayMs}–${item.politeness.maxDelayMs} ms, factor ${item.politeness.delayFactor}; crawl-delay respected up to ${item.politeness.respectCrawlDelayUpToSeconds} s</dd></div>` : null}
    </dl>
    <h4>Scope rules, in order</h4>
    ${item.rules.length === 0 ? html`<p class="subtle">No scope rules.</p>` : html`<table class="rules">
      <thead><tr><th scope="col">#</th><th scope="col">Rule</th><th scope="col">Class</th><th scope="col">Verdict</th><th scope="col"><span class="sr-only">Deciding</span></th></tr></thead>
      <tbody>${item.rules.map((r) => {
        const deciding = decision?.index === r.index;
        return html`<tr class=${deciding ? 'deciding' : undefined} data-rule=${r.index} data-deciding=${deciding ? 'true' : undefined}>
          <td>${r.index}</td><th scope="row"><code>${r.rule}</code></th><td>${r.className}</td><td>${r.decision}</td>
          <td>${deciding ? html`<strong class="deciding-mark">deciding</strong>` : null}</td>
        </tr>`;
      })}</tbody>
    </table>`}
    <h4>Sheets</h4>
    ${item.sheets.length === 0 ? html`<p class="subtle">No sheet applies.</p>` : html`<ul>${item.sheets.map((s) => html`<li><code>${s.sheet}</code>: ${s.because}</li>`)}</ul>`}
    ${item.overrides.length ? html`<table class="overrides">
      <thead><tr><th scope="col">Property</th><th scope="col">Value</th><th scope="col">Instead of</th><th scope="col">Sheet</th></tr></thead>
      <tbody>${item.overrides.map((o) => html`<tr><th scope="row"><code>${o.property}</code></th><td><code>${valueText(o.value)}</code></td><td><code>${valueText(o.base)}</code></td><td><code>${o.sheet}</code>${o.at ? html` <span class="subtle">${o.at}</span>` : null}</td></tr>`)}</tbody>
    </table>` : null}
  </article>`;
}
