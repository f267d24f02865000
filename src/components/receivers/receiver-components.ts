import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { arcWriterProcessorComponent } from './arc-writer-processor.js';
import { documentListReceiverComponent } from './document-list-receiver.js';
import { directoryMirrorReceiverComponent } from './directory-mirror-receiver.js';
import { httpPushReceiverComponent } from './http-push-receiver.descriptor.js';
import { jsonlReceiverComponent } from './jsonl-receiver.js';
import { postgresIndexReceiverComponent } from './postgres-index-receiver.descriptor.js';
import { mirrorWriterProcessorComponent } from './mirror-writer-processor.js';
import { receiverProcessorComponent } from './receiver-processor.js';
import { WARC_RECORD_BUILDERS } from './warc-record-builders.descriptor.js';
import { warcWriterProcessorComponent } from './warc-writer-processor.js';

/** The result receivers and writers (WARC, ARC, Heritrix's mirror writer, JSONL, directory mirror, HTTP push, PostgreSQL index, document list). */
export const RECEIVER_COMPONENTS: ComponentDescriptor[] = [
  warcWriterProcessorComponent,
  arcWriterProcessorComponent,
  mirrorWriterProcessorComponent,
  ...WARC_RECORD_BUILDERS,
  receiverProcessorComponent,
  jsonlReceiverComponent,
  directoryMirrorReceiverComponent,
  httpPushReceiverComponent,
  postgresIndexReceiverComponent,
  documentListReceiverComponent,
];
