import { CANDIDATE_DRIVERS } from './candidate-drivers.js';
import { DECIDE_RULE_DRIVERS } from './decide-rule-drivers.js';
import { DIGEST_HISTORY_DRIVERS } from './digest-history-drivers.js';
import { DISPOSITION_DRIVERS } from './disposition-drivers.js';
import { DOCUMENT_DRIVERS } from './document-drivers.js';
import type { Driver } from './driver.js';
import { EXTRACT_DRIVERS } from './extract-drivers.js';
import { FETCH_HTTP_DRIVERS } from './fetch-http-drivers.js';
import { FILE_DRIVERS } from './file-drivers.js';
import { FRONTIER_DRIVERS } from './frontier-drivers.js';
import { HISTORY_DRIVERS } from './history-drivers.js';
import { MAIL_DRIVERS } from './mail-drivers.js';
import { PRECEDENCE_DRIVERS } from './precedence-drivers.js';
import { PREFETCH_DRIVERS } from './prefetch-drivers.js';
import { QUOTA_DRIVERS } from './quota-drivers.js';
import { RENDER_DRIVERS } from './render-drivers.js';
import { TABLE_DRIVERS } from './table-drivers.js';

/** Every component driver, by area. */
export const ALL_DRIVERS: readonly Driver[] = [
  ...DECIDE_RULE_DRIVERS,
  ...CANDIDATE_DRIVERS,
  ...FRONTIER_DRIVERS,
  ...PRECEDENCE_DRIVERS,
  ...PREFETCH_DRIVERS,
  ...QUOTA_DRIVERS,
  ...FETCH_HTTP_DRIVERS,
  ...RENDER_DRIVERS,
  ...EXTRACT_DRIVERS,
  ...DOCUMENT_DRIVERS,
  ...HISTORY_DRIVERS,
  ...DIGEST_HISTORY_DRIVERS,
  ...DISPOSITION_DRIVERS,
  ...FILE_DRIVERS,
  ...TABLE_DRIVERS,
  ...MAIL_DRIVERS,
];
