/**
 * The key to one domain's fact about a try, kept beside the core ones (FetchAttempt.extra): a
 * message's envelope (mail), a container's elements (compound). The domain's model file declares
 * its key with the type of what it holds, so that the core object names no domain, and a new
 * domain adds a key rather than a slot on every URI.
 */
export class ExtraKey<T> {
  /** Only types the key (never set). */
  declare readonly valueType?: T;

  constructor(readonly name: string) {}
}
