/**
 * Overlayable properties that are accepted, so that Heritrix bean files and sheets load unchanged,
 * but have no effect of their own yet: no sheet can be seen to change anything through them.
 * Each is listed with the reason, and the test holds the descriptor's description to saying so.
 */
export const ACCEPTED_WITHOUT_EFFECT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  DispositionProcessor: {
    maxPerHostBandwidthUsageKbSec: 'not enforced yet',
  },
  FetchHttp: {
    maxFetchKBSec: 'not implemented yet: fetches run at full speed',
  },
  MemoryFrontier: {
    extract404s: 'outlinks of error pages follow candidates.processErrorOutlinks (CandidatesProcessor, driven there)',
    extractIndependently: 'ignored',
  },
  RedisFrontier: {
    extract404s: 'outlinks of error pages follow candidates.processErrorOutlinks (CandidatesProcessor, driven there)',
    extractIndependently: 'ignored',
    balanceReplenishAmount: 'ignored: queues of a RedisFrontier take turns by the time their politeness gap ends',
  },
  LevelFrontier: {
    extract404s: 'outlinks of error pages follow candidates.processErrorOutlinks (CandidatesProcessor, driven there)',
    extractIndependently: 'ignored',
  },
};
