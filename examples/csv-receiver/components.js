// The components this package gives beancrawl (package.json: "beancrawl": {"components": "./components.js"}).
// Each is a component description, as beancrawl's own are: a TypeScript package would make it
// with `defineComponent` from 'beancrawl' for its types; a plain object of the same shape does.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';

/** The columns a CsvReceiver can write, each from the document beancrawl hands a receiver. */
const COLUMNS = {
  url: (d) => d.url,
  status: (d) => d.status,
  mimeType: (d) => d.mimeType,
  size: (d) => d.size,
  fetchTime: (d) => d.fetchTime.toISOString(),
  title: (d) => d.extracted?.title,
};

/** One CSV field: quoted when it holds a comma, a quote or a line end. */
function field(value) {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A result receiver writing one CSV line a document, after a header line. */
class CsvReceiver {
  #stream;

  constructor(config) {
    this.config = config;
  }

  async start() {
    await mkdir(dirname(this.config.path), { recursive: true });
    this.#stream = createWriteStream(this.config.path, { flags: 'w' });
    this.#stream.write(`${this.config.columns.join(',')}\n`);
  }

  documentFound(document) {
    const line = this.config.columns.map((c) => field(COLUMNS[c](document))).join(',');
    if (!this.#stream.write(`${line}\n`)) return new Promise((resolve) => this.#stream.once('drain', resolve));
    return undefined;
  }

  async stop() {
    const stream = this.#stream;
    this.#stream = undefined;
    if (!stream) return;
    stream.end();
    await finished(stream);
  }
}

export const components = [
  {
    name: 'CsvReceiver',
    description: 'A result receiver (from the example package beancrawl-example-csv) writing one CSV line a document, after a header line of its columns.',
    kinds: ['Receiver'],
    props: {
      path: { type: 'string', default: '${launchId}/documents.csv', path: true, description: 'The CSV file (written anew each run).' },
      columns: {
        type: 'array', items: { type: 'string', enum: Object.keys(COLUMNS) }, minItems: 1, default: ['url', 'status', 'mimeType', 'size'],
        description: `The columns, in order: ${Object.keys(COLUMNS).join(', ')}.`,
      },
    },
    validate(bean) {
      const columns = bean.config.columns;
      const twice = columns.find((c, i) => columns.indexOf(c) !== i);
      return twice ? [{ property: 'columns', message: `names the column "${twice}" twice` }] : [];
    },
    outputs: (config) => [{ what: 'CSV list of documents', path: String(config.path) }],
    load: async () => CsvReceiver,
  },
];
