// Apart from its class, so that verify does not initialise undici: see CONTRIBUTING.md, "Adding a component".
import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { pushHeaderProblem, pushUrlProblem } from './http-push-receiver-options.js';

export const httpPushReceiverComponent = defineComponent({
  name: 'HttpPushReceiver',
  description:
    'A result receiver that pushes the crawl\'s document events to an HTTP endpoint, as SMILA\'s crawler pushes records to ' +
    'a job: events are gathered into batches, each POSTed as `{"events": [...]}` (content-type: application/json) over a ' +
    'kept-alive connection. An event is `{kind, url, status, mimeType?, size?, digest?, lastModified?, etag?, fetchTime}`: ' +
    'kind `found` outside delta runs, else `new`, `changed`, `unchanged` or `deleted`; lastModified an ISO date, fetchTime ' +
    'ms since the epoch; never the content. A 2xx answer delivers a batch; any other answer, a network error or a timeout ' +
    'is retried with exponential back-off, forever and in order, while the crawl goes on: documents are taken at once ' +
    'and the push never fails the crawl. Batches not yet delivered are kept in the state store (sublevel `kept:push:<bean id>`, kept from run to ' +
      'run until delivered) ' +
    'and sent when the job resumes or runs again; without a store they are lost when the crawl stops. A batch is delivered ' +
    'at least once: one whose answer was lost (a crash, stopTimeoutMs) is sent again.',
  kinds: ['Receiver'],
  props: {
    url: {
      type: 'string', required: true,
      description: 'The http or https address each batch is POSTed to. Credentials in it (`https://user:pass@host/...`) are sent as a Basic ' +
        'authorization instead (unless headers set one).',
    },
    batchSize: { type: 'integer', minimum: 1, default: 100, description: 'Events per batch: a batch is sent once it holds this many.' },
    maxBatchDelayMs: { type: 'integer', minimum: 0, default: 1000, description: 'A batch that is not full is sent this long after its first event.' },
    retryInitialDelayMs: { type: 'integer', minimum: 1, default: 500, description: 'The wait before the first retry of a batch that failed; it ' +
      'doubles with each further failure.' },
    retryMaxDelayMs: { type: 'integer', minimum: 1, default: 60000, description: 'The longest wait between retries.' },
    requestTimeoutMs: { type: 'integer', minimum: 1, default: 30000, description: 'A request not answered in full within this long fails (and is retried).' },
    stopTimeoutMs: {
      type: 'integer', minimum: 0, default: 10000,
      description: 'At the end of the crawl, how long to go on trying to deliver what is left (the batch being filled included); what is still ' +
        'undelivered then stays in the state store. Keep it below the engine\'s stopTimeoutMs.',
    },
    headers: {
      type: 'object', additionalProperties: { type: 'string' }, default: {},
      description: 'Further request headers, name → value (an `authorization` token, say); not content-type, content-length, host nor the connection\'s.',
    },
  },
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the batches not yet delivered (and the events of the batch being filled, ' +
      'at each commit), so a resumed crawl sends them.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Hears (alerts.log) when pushing starts failing, and of batches left ' +
      'undelivered at stop.' },
  },
  validate: validatePush,
  load: async (): Promise<ComponentClass> => (await import('./http-push-receiver.js')).HttpPushReceiver,
});

function validatePush(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { url, headers, retryInitialDelayMs, retryMaxDelayMs } = bean.config as { url?: string; headers?: Record<string, string>; retryInitialDelayMs?: number; retryMaxDelayMs?: number };
  if (typeof url === 'string') {
    const problem = pushUrlProblem(url);
    if (problem) issues.push({ property: 'url', message: problem, hints: ['e.g. http://localhost:8080/smila/job/crawl/records'] });
  }
  for (const [name, value] of Object.entries(headers ?? {})) {
    const problem = pushHeaderProblem(name, String(value));
    if (problem) issues.push({ property: 'headers', message: problem });
  }
  if (typeof retryInitialDelayMs === 'number' && typeof retryMaxDelayMs === 'number' && retryMaxDelayMs < retryInitialDelayMs) {
    issues.push({ property: 'retryMaxDelayMs', message: `(${retryMaxDelayMs}) is below retryInitialDelayMs (${retryInitialDelayMs})` });
  }
  return issues;
}
