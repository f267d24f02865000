import type { KindTypes } from '../beans/registry/kind-types.js';
import type { CrawlControl, CrawlLimiter } from './crawl-control.js';
import type { CrawlLogger } from './crawl-logger.js';
import type { CrawlMetadataInfo } from './crawl-metadata-info.js';
import type { DecideRule } from './decide-rule.js';
import type { Frontier, UriUniqFilter } from './frontier.js';
import type { Processor } from './processor.js';
import type { ProcessorChain } from './processor-chain.js';
import type { ServerCache } from './server-cache.js';
import type { StateStore } from './state-store.js';
import type { SharedCrawlStore } from './shared-crawl.js';
import type { SheetOverlays } from '../sheets/sheet-overlay.js';
import type { CanonicalizationPolicy, CanonicalizationRule, CostAssignmentPolicy, QueueAssignmentPolicy } from './uri-policies.js';
import type { ReadSource } from './read-source.js';
import type { Receiver, WarcRecordBuilder } from './receiver.js';
import type { SeedModule } from './seed-module.js';
import type { CookieStore } from './cookie-store.js';
import type { Credential, CredentialStore } from './credential-store.js';
import type { CrawlReport } from './crawl-report.js';
import type { StatisticsTracking } from './crawl-statistics.js';
import type { DeltaListener, FetchHistory } from './fetch-history.js';
import type { ContentDigestHistory } from './content-digest-history.js';
import type { QueuePrecedencePolicy, UriPrecedencePolicy } from './precedence-policies.js';
import type { CrawlScheduleSettings } from './crawl-schedule.js';
import type { TableDriver } from './table-driver.js';
import type { PolitenessSource } from './politeness.js';

/** The model's contracts as kinds that components provide and references require. */
declare module '../beans/registry/kind-types.js' {
  interface KindTypes {
    CrawlMetadata: CrawlMetadataInfo;
    DecideRule: DecideRule;
    ReadSource: ReadSource;
    SeedModule: SeedModule;
    Processor: Processor;
    Frontier: Frontier;
    UriUniqFilter: UriUniqFilter;
    ServerCache: ServerCache;
    StateStore: StateStore;
    CanonicalizationPolicy: CanonicalizationPolicy;
    CanonicalizationRule: CanonicalizationRule;
    QueueAssignmentPolicy: QueueAssignmentPolicy;
    CostAssignmentPolicy: CostAssignmentPolicy;
    UriPrecedencePolicy: UriPrecedencePolicy;
    QueuePrecedencePolicy: QueuePrecedencePolicy;
    FetchChain: ProcessorChain;
    CandidateChain: ProcessorChain;
    DispositionChain: ProcessorChain;
    CrawlLogger: CrawlLogger;
    CrawlLimiter: CrawlLimiter;
    CrawlController: CrawlControl;
    SheetOverlaysManager: SheetOverlays;
    Receiver: Receiver;
    WarcRecordBuilder: WarcRecordBuilder;
    CookieStore: CookieStore;
    CredentialStore: CredentialStore;
    Credential: Credential;
    Report: CrawlReport;
    StatisticsTracker: StatisticsTracking;
    FetchHistory: FetchHistory;
    DeltaListener: DeltaListener;
    Politeness: PolitenessSource;
    ContentDigestHistory: ContentDigestHistory;
    /** Heritrix's frontier hand-off queues (java.util.concurrent.ArrayBlockingQueue): accepted, read by nothing. */
    BlockingQueue: object;
    /** When the service launches the job: read from the bean file, unused by the crawl. */
    CrawlSchedule: CrawlScheduleSettings;
    /** The database a table source is read from (FetchTable's driver). */
    TableDriver: TableDriver;
    /** What the workers of a crawl share (Redis): the crawl's state, its tables, the writes to wait for. */
    RedisConnection: SharedCrawlStore;
  }
}

/** Every kind, checked against KindTypes by the compiler: a kind added there and not here (or here and not there) does not compile. */
const KIND_SET = {
  CrawlMetadata: true,
  DecideRule: true,
  ReadSource: true,
  SeedModule: true,
  Processor: true,
  Frontier: true,
  UriUniqFilter: true,
  ServerCache: true,
  StateStore: true,
  CanonicalizationPolicy: true,
  CanonicalizationRule: true,
  QueueAssignmentPolicy: true,
  CostAssignmentPolicy: true,
  UriPrecedencePolicy: true,
  QueuePrecedencePolicy: true,
  FetchChain: true,
  CandidateChain: true,
  DispositionChain: true,
  CrawlLogger: true,
  CrawlLimiter: true,
  CrawlController: true,
  SheetOverlaysManager: true,
  Receiver: true,
  WarcRecordBuilder: true,
  Report: true,
  StatisticsTracker: true,
  CookieStore: true,
  CredentialStore: true,
  Credential: true,
  FetchHistory: true,
  DeltaListener: true,
  Politeness: true,
  ContentDigestHistory: true,
  BlockingQueue: true,
  CrawlSchedule: true,
  TableDriver: true,
  RedisConnection: true,
} as const satisfies Record<keyof KindTypes, true>;

export const KINDS = Object.keys(KIND_SET) as ReadonlyArray<keyof KindTypes>;
