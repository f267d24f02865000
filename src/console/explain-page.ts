import { useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { Explanation, UrlHistory } from './api-types.js';
import { ExplanationView } from './explanation-view.js';
import { html } from './html.js';
import { linesOf } from './lines-of.js';
import { ProblemView } from './problem-view.js';
import { jobHref, Link } from './router.js';
import { UrlHistoryView } from './url-history-view.js';

/**
 * Explain and why (`/jobs/NAME/explain`): what the job's configuration would do with URLs,
 * without fetching them (POST …/explain), and what the job recorded of one URL (GET …/why).
 */
export function ExplainPage({ name }: { name: string }) {
  const [urls, setUrls] = useState('');
  const [explained, setExplained] = useState<readonly Explanation[]>();
  const [explainError, setExplainError] = useState<unknown>();
  const [explaining, setExplaining] = useState(false);
  const [url, setUrl] = useState('');
  const [history, setHistory] = useState<UrlHistory>();
  const [whyError, setWhyError] = useState<unknown>();
  const [asking, setAsking] = useState(false);

  const explain = async (e: Event) => {
    e.preventDefault();
    const list = linesOf(urls);
    if (!list.length) return;
    setExplaining(true);
    setExplainError(undefined);
    try {
      setExplained(await api<Explanation[]>('POST', jobPath(name, '/explain'), { urls: list }));
    } catch (err) {
      setExplained(undefined);
      setExplainError(err);
    } finally {
      setExplaining(false);
    }
  };
  const why = async (e: Event) => {
    e.preventDefault();
    if (!url.trim()) return;
    setAsking(true);
    setWhyError(undefined);
    try {
      setHistory(await api<UrlHistory>('GET', jobPath(name, `/why?${new URLSearchParams({ url: url.trim() })}`)));
    } catch (err) {
      setHistory(undefined);
      setWhyError(err);
    } finally {
      setAsking(false);
    }
  };

  return html`<section class="explain-page" aria-labelledby="explain-title">
    <h1 id="explain-title" tabindex="-1">Explain and why <span class="subtle">of <${Link} href=${jobHref(name)}>${name}</${Link}></span></h1>

    <section aria-labelledby="explain-section">
      <h2 id="explain-section">Explain</h2>
      <p class="subtle">What the job would do with each URL, without fetching it: keys, every scope rule's verdict, the sheets that apply, politeness. While the job runs, its running crawl answers, with its values now (live changes included); otherwise its configuration on disk does.</p>
      <form onSubmit=${explain}>
        <div class="field">
          <label for="explain-urls">URLs, one a line</label>
          <textarea id="explain-urls" rows="4" spellcheck=${false} value=${urls} onInput=${(e: Event) => setUrls((e.currentTarget as HTMLTextAreaElement).value)}></textarea>
        </div>
        <div class="buttons">
          <button type="submit" disabled=${explaining}>Explain</button>
          <span role="status" class="busy">${explaining ? 'Explaining…' : explained ? `${explained.length} URL${explained.length === 1 ? '' : 's'} ` +
            `explained ${explained[0]?.from === 'running-crawl' ? 'by the running crawl' : 'from the configuration on disk'}.` : ''}</span>
        </div>
      </form>
      <${ProblemView} error=${explainError} />
      ${explained?.map((item) => html`<${ExplanationView} item=${item} />`)}
    </section>

    <section aria-labelledby="why-section">
      <h2 id="why-section">Why</h2>
      <p class="subtle">What the job recorded of a URL: each run's crawl.log lines for it, how it was found, its WARC records, and the scope decision now.</p>
      <form class="inline-form" onSubmit=${why}>
        <label for="why-url">URL</label>
        <input id="why-url" type="url" class="wide" spellcheck=${false} value=${url} onInput=${(e: Event) => setUrl((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" disabled=${asking}>Why</button>
        <span role="status" class="busy">${asking ? 'Reading…' : ''}</span>
      </form>
      <${ProblemView} error=${whyError} />
      ${history ? html`<${UrlHistoryView} history=${history} />` : null}
    </section>
  </section>`;
}
