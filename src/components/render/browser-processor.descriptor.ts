// Apart from its class, so that verify does not load playwright-core: see CONTRIBUTING.md, "Adding a component".
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const browserProcessorComponent = defineComponent({
  name: 'BrowserProcessor',
  aliases: ['ExtractorChrome', 'org.archive.modules.extractor.BrowserProcessor', 'org.archive.modules.extractor.ExtractorChrome',
    'org.archive.crawler.processor.BrowserProcessor'],
  description:
    'Renders 2xx text/html pages in one headless Chromium (launched on the first page that needs it, closed at stop) and adds the links of the ' +
    'rendered DOM and of the requests the page made to its outlinks; ExtractorDocument after it gets the rendered markup. Every request the page ' +
    'makes is answered by the crawl: the page itself from the response already fetched, the rest checked by the candidate chain (scope), ' +
    'fetched through the fetch chain (robots.txt, credentials, user agent) and written by the disposition chain as their own URIs (crawl.log ' +
    'annotation `browser`, via the page); a sub-resource is requested once in the crawl and served from a disk cache, or from the WARC record ' +
      'written for it, thereafter. Place it in ' +
    'the fetch chain after FetchHttp and the link extractors; switch it per site with `enabled` in a sheet. See docs/guide/rendering.md.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    executablePath: { type: 'string', default: '/usr/bin/chromium', description: 'The Chromium (or Chrome) program driven through playwright-core; ' +
      'no browser is downloaded.' },
    maxConcurrentPages: { type: 'integer', default: 2, minimum: 1, maximum: 64, description: 'Pages rendered at once (tabs of the one browser); ' +
      'more URIs needing rendering wait for a tab.' },
    maxBrowserRssBytes: { type: 'integer', default: 0, minimum: 0, description: 'When the browser\'s processes together hold more resident ' +
      'memory than this after a page (read from /proc), it takes no more pages: the next launches a new browser, and the old one is closed once ' +
      'its open pages are done. 0: no bound (the browser is still replaced when it dies or a page crashes its renderer).' },
    renderNiceness: { type: 'integer', default: 10, minimum: 0, maximum: 19, description: 'How much lower than the crawl\'s own the priority ' +
      'of rendering is: the thread that drives the browser and every browser process run at the crawl\'s nice value plus this (at most 19, ' +
      'Linux), so that on a machine short of cores the crawl\'s other sites keep their speed and rendering takes what is left. 0: the same ' +
      'priority as the crawl.' },
    renderOnIdleCpu: { type: 'boolean', default: true, description: 'Linux: the thread that drives the browser and every browser process ' +
      'run in the idle scheduling class (SCHED_IDLE, set with util-linux\'s chrt): only on CPU time that no other thread wants, and a ' +
      'thread of the crawl that wakes takes the render thread\'s core at once (the browser\'s processes are in a scheduling group of their ' +
      'own, which Linux weighs before classes: docs/guide/rendering.md). Nice values share the CPU by weight, so rendering at renderNiceness 10 still ' +
      'held the crawl\'s thread back (a job rendering one site fetched its other site at 0.6–0.7× the speed). A machine whose every core ' +
      'is busy leaves rendering nothing: its pages are cut at pageTimeoutMs. false: renderNiceness alone ranks them.' },
    maxLoopShare: { type: 'number', default: 0.7, minimum: 0, maximum: 1, description: 'A page waits to begin rendering while the crawl\'s ' +
      'event loop was busy more than this share of the last quarter second (crawling other sites), for at most maxYieldMs, then renders ' +
      'whatever the share: rendering adds work to that loop and takes cores from it, and a job rendering one site without waiting fetched its ' +
      'other sites at 0.7–0.97× their speed. A crawl that renders alone keeps its loop far below this and never waits. 1: pages never wait.' },
    maxYieldMs: { type: 'integer', default: 5000, minimum: 0, description: 'The longest a page waits for the crawl\'s event loop to fall to ' +
      'maxLoopShare before it renders anyway (the wait is not part of pageTimeoutMs). 0: pages never wait.' },
    pageTimeoutMs: { type: 'integer', default: 30000, minimum: 1000, description: 'The whole budget of one page: load, wait and ' +
      'behaviours. A page cut there is annotated `renderTrunc` and keeps what it showed then.' },
    waitUntil: {
      type: 'string', enum: ['load', 'networkidle', 'selector'], default: 'networkidle',
      description: 'When the page counts as loaded: its load event; then also no request in flight for networkIdleMs; or `waitSelector` matching.',
    },
    networkIdleMs: { type: 'integer', default: 500, minimum: 0, description: 'How long no request may be in flight for the ' +
      'network to count as idle (waitUntil networkidle, and after each behaviour step).' },
    waitSelector: { type: 'string', default: '', description: 'A CSS selector the page must match to count as loaded (waitUntil ' +
      'selector).' },
    scrollToEnd: { type: 'boolean', default: false, description: 'Behaviour: scroll to the bottom, again while the page grows ' +
      '(lazy-loaded blocks).' },
    scrollMaxSteps: { type: 'integer', default: 20, minimum: 1, description: 'Most scrolls of scrollToEnd.' },
    scrollBudgetMs: { type: 'integer', default: 10000, minimum: 0, description: 'Time budget of scrollToEnd.' },
    clickSelector: { type: 'string', default: '', description: 'Behaviour: click the first element this CSS selector matches ' +
      '(a "load more" button), again while it matches, up to clickMaxTimes. Empty: no clicks.' },
    clickMaxTimes: { type: 'integer', default: 5, minimum: 1, description: 'Most clicks of clickSelector.' },
    clickBudgetMs: { type: 'integer', default: 10000, minimum: 0, description: 'Time budget of the clicks.' },
    stepWaitMs: { type: 'integer', default: 200, minimum: 0, description: 'Wait after each behaviour step, before waiting for the ' +
      'network to be idle again.' },
    screenshot: { type: 'boolean', default: false, description: 'Keep a screenshot of each rendered page (the whole page, PNG), which the WARC ' +
      'writer\'s ScreenshotRecordBuilder writes as a `resource` record (`urn:view:` + the page).' },
    keepRenderedDom: { type: 'boolean', default: false, description: 'Keep the rendered DOM of each page, which the WARC writer\'s ' +
      'RenderedDomRecordBuilder writes as a `resource` record (`urn:dom:` + the page).' },
    cacheDir: { type: 'string', default: 'scratch/rendered', path: true, description: 'Where the bodies of sub-resources the browser asked for ' +
      'are kept, to serve repeats without a request; emptied at start.' },
    maxCacheBytes: { type: 'integer', default: 268435456, minimum: 0, description: 'Most bytes kept in cacheDir; past it the oldest bodies are ' +
      'dropped, and a page asking for one again gets it fetched (and recorded) again.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    candidateChain: { kind: 'CandidateChain', required: true, autowire: true, description: 'Scopes each request a page makes, as for any outlink.' },
    dispositionChain: { kind: 'DispositionChain', required: true, autowire: true, description: 'Writes and schedules what a page\'s requests fetched.' },
    uriUniqFilter: { kind: 'UriUniqFilter', required: true, autowire: true, description: 'Marks what the browser fetched as seen, so that the ' +
      'same URI queued by an extractor is not fetched again.' },
    frontier: { kind: 'Frontier', autowire: true, description: 'Takes what a page\'s requests fetched as the crawl\'s fetch of each: counted in ' +
      'the totals and quotas, its key marked seen once it is written, a copy of it queued by an extractor finished without a request.' },
    sheetOverlaysManager: { kind: 'SheetOverlaysManager', autowire: true, description: 'Gives each request the sheets that apply to it.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'crawl.log lines of what the pages\' requests fetched.' },
    politeness: { kind: 'Politeness', autowire: true, description: 'The politeness of each request a page makes (DispositionProcessor): the ' +
      'next request to the same server, the page\'s or another\'s, waits for the rest the frontier would give its queue after this one.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps where the response of each URI a page might ask for was ' +
      'written (its WARC file and offset), so that a page asking for it later, after a restart too, is served from that record.' },
    metadata: { kind: 'CrawlMetadata', autowire: true, description: 'The user agent the browser reports to scripts.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./browser-processor.js')).BrowserProcessor,
});
