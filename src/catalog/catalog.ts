import { configPathConfigurer } from '../beans/registry/config-path-configurer.js';
import { propertyOverrideConfigurer } from '../beans/registry/property-override-configurer.js';
import { actionDirectoryComponent } from '../engine/heritrix-accepted.descriptor.js';
import { checkpointServiceComponent } from '../engine/checkpoint-service.js';
import { Registry } from '../beans/registry/registry.js';
import type { ComponentDescriptor } from '../beans/registry/component-descriptor.js';
import { crawlMetadataComponent } from '../components/metadata/crawl-metadata.js';
import { robotsHonoringPolicyComponent } from '../components/metadata/robots-honoring-policy.js';
import { crawlScheduleComponent } from '../components/schedule/crawl-schedule.js';
import { CANDIDATE_COMPONENTS } from '../components/candidates/candidate-components.js';
import { SCOPE_COMPONENTS } from '../components/scope/scope-components.js';
import { configFileComponent } from '../components/seeds/config-file.js';
import { configStringComponent } from '../components/seeds/config-string.js';
import { textSeedModuleComponent } from '../components/seeds/text-seed-module.js';
import { levelFrontierComponent } from '../components/frontier/level-frontier.js';
import { memoryFrontierComponent } from '../components/frontier/memory-frontier.js';
import { arrayBlockingQueueComponent } from '../components/frontier/array-blocking-queue.js';
import { QUEUE_PRECEDENCE_COMPONENTS } from '../components/frontier/precedence/queue-precedence-components.js';
import { URI_PRECEDENCE_COMPONENTS } from '../components/candidates/precedence/uri-precedence-components.js';
import { STATE_COMPONENTS } from '../components/state/state-components.js';
import { DOCUMENT_COMPONENTS } from '../components/extract/document-components.js';
import { TABLES_COMPONENTS } from '../components/tables/tables-components.js';
import { REDIS_COMPONENTS } from '../components/redis/redis-components.js';
import { EXTRACT_COMPONENTS } from '../components/extract/extract-components.js';
import { FETCH_COMPONENTS } from '../components/fetch/fetch-components.js';
import { RENDER_COMPONENTS } from '../components/render/render-components.js';
import { FILES_COMPONENTS } from '../components/files/files-components.js';
import { MAIL_COMPONENTS } from '../components/mail/mail-components.js';
import { RECEIVER_COMPONENTS } from '../components/receivers/receiver-components.js';
import { REPORTING_COMPONENTS } from '../engine/reporting/reporting-components.js';
import { decideRuledSheetAssociationComponent } from '../components/scope/decide-ruled-sheet-association.js';
import { sheetComponent } from '../sheets/sheet.js';
import { sheetOverlaysManagerComponent } from '../sheets/sheet-overlays-manager.js';
import { surtPrefixesSheetAssociationComponent } from '../sheets/surt-prefixes-sheet-association.js';
import { candidatesProcessorComponent } from '../engine/candidates-processor.js';
import { candidateChainComponent, dispositionChainComponent, fetchChainComponent } from '../engine/processor-chain-impl.js';
import { crawlControllerComponent } from '../engine/crawl-controller.js';
import { crawlLimitEnforcerComponent } from '../engine/crawl-limit-enforcer.js';
import { crawlerLoggerModuleComponent } from '../engine/crawler-logger-module.js';
import { dispositionProcessorComponent } from '../engine/disposition-processor.js';
import { diskSpaceMonitorComponent } from '../engine/disk-space-monitor.js';

/**
 * Every built-in component, the one place that knows them all. Only descriptions load here;
 * implementations (and the libraries they use) load when a launch builds the beans.
 */
export const BUILT_IN_COMPONENTS: readonly ComponentDescriptor[] = [
  propertyOverrideConfigurer,
  configPathConfigurer,
  actionDirectoryComponent,
  checkpointServiceComponent,
  crawlMetadataComponent,
  robotsHonoringPolicyComponent,
  crawlScheduleComponent,
  textSeedModuleComponent,
  configStringComponent,
  configFileComponent,
  ...SCOPE_COMPONENTS,
  ...CANDIDATE_COMPONENTS,
  levelFrontierComponent,
  memoryFrontierComponent,
  ...REDIS_COMPONENTS,
  arrayBlockingQueueComponent,
  ...URI_PRECEDENCE_COMPONENTS,
  ...QUEUE_PRECEDENCE_COMPONENTS,
  ...STATE_COMPONENTS,
  fetchChainComponent,
  candidateChainComponent,
  dispositionChainComponent,
  candidatesProcessorComponent,
  dispositionProcessorComponent,
  crawlControllerComponent,
  crawlLimitEnforcerComponent,
  diskSpaceMonitorComponent,
  crawlerLoggerModuleComponent,
  ...FETCH_COMPONENTS,
  ...RENDER_COMPONENTS,
  ...EXTRACT_COMPONENTS,
  ...DOCUMENT_COMPONENTS,
  ...TABLES_COMPONENTS,
  ...FILES_COMPONENTS,
  ...MAIL_COMPONENTS,
  ...RECEIVER_COMPONENTS,
  ...REPORTING_COMPONENTS,
  sheetComponent,
  surtPrefixesSheetAssociationComponent,
  decideRuledSheetAssociationComponent,
  sheetOverlaysManagerComponent,
];

let registry: Registry | undefined;

/** The registry of built-in components. */
export function builtInRegistry(): Registry {
  return (registry ??= new Registry(BUILT_IN_COMPONENTS));
}
