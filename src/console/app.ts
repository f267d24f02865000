import { useEffect, useRef } from 'preact/hooks';
import { BeansPage } from './beans-page.js';
import { EditorPage } from './editor-page.js';
import { EnginePage } from './engine-page.js';
import { FormsPage } from './forms-page.js';
import { ExplainPage } from './explain-page.js';
import { html } from './html.js';
import { JobPage } from './job-page.js';
import { QueuesPage } from './queues-page.js';
import { SheetsPage } from './sheets-page.js';
import { jobHref, Link, useRoute, type JobSubpage, type Route } from './router.js';

/** The names of a job's other pages, in titles and the header. */
const SUBPAGE_TITLES: Readonly<Record<JobSubpage, string>> = { forms: 'Beans by form', sheets: 'Sheets', beans: 'Live ' +
  'beans', queues: 'Queues', explain: 'Explain and why' };

/** The document's title for a page. */
function titleOf(route: Route): string {
  if (route.page === 'job') return `${route.job} · beancrawl`;
  if (route.page === 'editor') return `${route.file ?? 'Editor'} · ${route.job} · beancrawl`;
  if (route.page === 'not-found') return 'Not found · beancrawl';
  if (route.page in SUBPAGE_TITLES) return `${SUBPAGE_TITLES[route.page as JobSubpage]} · ${(route as { job: string }).job} · beancrawl`;
  return 'Jobs · beancrawl';
}

/**
 * The console: a header with the way back to the jobs, and the page the URL names. After a
 * move to another page, the focus goes to its heading (as a page load would put it at the top).
 */
export function App() {
  const route = useRoute();
  const first = useRef(true);
  useEffect(() => {
    document.title = titleOf(route);
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [route]);

  return html`
    <a class="skip" href="#main">Skip to the page</a>
    <header class="top">
      <nav aria-label="Console">
        <${Link} href="/" class="brand">beancrawl</${Link}>
        <${Link} href="/">Jobs</${Link}>
        ${route.page === 'job' ? html`<span aria-hidden="true">›</span> <span>${route.job}</span>` : null}
        ${route.page === 'editor' ? html`<span aria-hidden="true">›</span> <${Link} href=${jobHref(route.job)}>${route.job}</${Link}> <span aria-hidden="true">›</span> <span>Editor</span>` : null}
        ${route.page === 'forms' || route.page === 'sheets' || route.page === 'beans' || route.page === 'queues' || route.page === 'explain'
          ? html`<span aria-hidden="true">›</span> <${Link} href=${jobHref(route.job)}>${route.job}</${Link}> <span aria-hidden="true">›</span> <span>${SUBPAGE_TITLES[route.page]}</span>` : null}
      </nav>
    </header>
    <main id="main" tabindex="-1">
      ${route.page === 'engine' ? html`<${EnginePage} />`
        : route.page === 'job' ? html`<${JobPage} key=${route.job} name=${route.job} />`
        : route.page === 'editor' ? html`<${EditorPage} key=${`${route.job}/${route.file ?? ''}`} job=${route.job} file=${route.file} />`
        : route.page === 'forms' ? html`<${FormsPage} key=${route.job} name=${route.job} />`
        : route.page === 'sheets' ? html`<${SheetsPage} key=${route.job} name=${route.job} />`
        : route.page === 'beans' ? html`<${BeansPage} key=${route.job} name=${route.job} />`
        : route.page === 'queues' ? html`<${QueuesPage} key=${route.job} name=${route.job} />`
        : route.page === 'explain' ? html`<${ExplainPage} key=${route.job} name=${route.job} />`
          : html`<h1 tabindex="-1">Not found</h1><p>The console has no page at <code>${route.path}</code>. <${Link} href="/">The jobs</${Link}>.</p>`}
    </main>`;
}
