import { zipSync } from 'fflate';
import type { Route } from '../../support/site-server.js';
import type { Processor } from '../../../src/model/processor.js';
import { EXTRACT_TIME_TRUNC } from '../../../src/components/extract/parse-budget.js';
import { FIELDS_SKIPPED } from '../../../src/components/extract/fields-by-selector.js';
import { build, byEffect, type DriveContext, type Driver } from './driver.js';
import { fetchFromSite } from './loopback-fetch.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import { COMPOUND } from '../../../src/model/compound.js';

const PAGE = '<html><head><title>Title</title></head><body><h1>Heading</h1><p>Some readable text.</p></body></html>';
/** A zip with a nested zip and an entry that compresses about a hundred times. */
const PACK = Buffer.from(zipSync({ 'a.txt': Buffer.from('alpha'), 'b.txt': Buffer.from('b'.repeat(2000)), 'inner.zip': zipSync({ 'z.txt': Buffer.from('zed') }) }));
const ROUTES: Record<string, Route> = {
  '/doc.html': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE },
  '/many-words.html': { headers: { 'content-type': 'text/html; ' +
    'charset=utf-8' }, body: `<html><body>${Array.from({ length: 20_000 }, (_, i) => `<p>word ${i}</p>`).join('\n')}</body></html>` },
  '/pack.zip': { headers: { 'content-type': 'application/zip' }, body: PACK },
};

/** The URI after the subject processor (built with `config`), fetched from the loopback site. */
async function processed(component: string, path: string, overlay: RecordingSheetOverlay, ctx: DriveContext, config: Readonly<Record<string, unknown>> = {}) {
  const curi = await fetchFromSite(ctx, overlay, path);
  await (await build<Processor>(component, config)).process(curi);
  return curi;
}

const compoundComplete = (config: Readonly<Record<string, unknown>> = {}) => async (overlay: RecordingSheetOverlay, ctx: DriveContext) =>
  (await processed('ExtractorCompound', '/pack.zip', overlay, ctx, config)).attempt.extra(COMPOUND)?.complete;

export const DOCUMENT_DRIVERS: Driver[] = [
  {
    component: 'ExtractorDocument',
    routes: ROUTES,
    cases: [
      byEffect('enabled', false, 'the page\'s text is not read', { base: 'Title', sheet: undefined },
        async (overlay, ctx) => (await processed('ExtractorDocument', '/doc.html', overlay, ctx)).extracted?.title),
      byEffect('maxTextChars', 7, 'the text is cut at 7 characters, annotated textTrunc', { base: 'Heading\nSome readable text.', sheet: 'Heading' },
        async (overlay, ctx) => (await processed('ExtractorDocument', '/doc.html', overlay, ctx)).extracted?.text),
      byEffect('maxParseTimeMs', 1, 'a long page is cut after 1 ms of parsing, annotated extractTimeTrunc', { base: false, sheet: true },
        async (overlay, ctx) => (await processed('ExtractorDocument', '/many-words.html', overlay, ctx)).annotations.includes(EXTRACT_TIME_TRUNC)),
    ],
  },
  {
    component: 'FieldsBySelector',
    cases: [
      byEffect('enabled', false, 'no field is taken', { base: { heading: 'Heading' }, sheet: undefined },
        async (overlay, ctx) => (await processed('FieldsBySelector', '/doc.html', overlay, ctx, { fields: { heading: 'h1' } })).extracted?.fields),
      byEffect('fields', { text: 'p' }, 'the sheet\'s selectors are the ones taken', { base: { heading: 'Heading' }, sheet: { text: 'Some readable text.' } },
        async (overlay, ctx) => (await processed('FieldsBySelector', '/doc.html', overlay, ctx, { fields: { heading: 'h1' } })).extracted?.fields),
      byEffect('maxBytes', 10, 'the page is too large to parse for fields, annotated fieldsSkipped', { base: false, sheet: true },
        async (overlay, ctx) => (await processed('FieldsBySelector', '/doc.html', overlay, ctx, { fields: { heading: 'h1' } })).annotations.includes(FIELDS_SKIPPED)),
    ],
  },
  {
    component: 'DisplayUrlMapper',
    cases: [
      byEffect('enabled', false, 'the document keeps its own URL', { base: 'https://public.example/PORT/doc.html', sheet: undefined },
        async (overlay, ctx) => displayOf(overlay, ctx, { 'http://127.0.0.1:': 'https://public.example/' })),
      byEffect('rewrites', { 'http://127.0.0.1:': 'https://other.example/' }, 'the sheet\'s rewrite gives the display ' +
        'URL', { base: 'https://public.example/PORT/doc.html', sheet: 'https://other.example/PORT/doc.html' },
        async (overlay, ctx) => displayOf(overlay, ctx, { 'http://127.0.0.1:': 'https://public.example/' })),
    ],
  },
  {
    component: 'ExtractorCompound',
    cases: [
      byEffect('enabled', false, 'the zip is not opened', { base: 4, sheet: 0 },
        async (overlay, ctx) => (await processed('ExtractorCompound', '/pack.zip', overlay, ctx)).attempt.extra(COMPOUND)?.elements.length ?? 0),
      byEffect('maxExpandedBytes', 100, 'the elements past 100 bytes are skipped', { base: true, sheet: false }, compoundComplete()),
      byEffect('maxRatio', 10, 'an element expanding more than 10 times is skipped', { base: true, sheet: false }, compoundComplete()),
      byEffect('maxEntries', 2, 'the elements past two are skipped', { base: true, sheet: false }, compoundComplete()),
      byEffect('maxDepth', 1, 'the nested zip is not opened', { base: true, sheet: false }, compoundComplete()),
    ],
  },
];

/** The display URL the subject mapper gives /doc.html, the site's port written PORT. */
async function displayOf(overlay: RecordingSheetOverlay, ctx: DriveContext, rewrites: Record<string, string>): Promise<string | undefined> {
  const curi = await processed('DisplayUrlMapper', '/doc.html', overlay, ctx, { rewrites });
  return curi.displayUrl?.replace(`/${ctx.site.port}/`, '/PORT/');
}
