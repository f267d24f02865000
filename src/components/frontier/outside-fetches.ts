/**
 * What a frontier of queues knows of fetches outside them (Frontier.fetchedElsewhere,
 * claimElsewhere, trackInFlight): URIs fetched elsewhere whose key had been seen (a queued copy of
 * one is finished at its turn without a request), URIs being fetched elsewhere now (a queued copy
 * whose turn comes meanwhile waits), and the URIs handed out that someone waits for. Each check is
 * one size test while nothing is fetched outside the queues.
 */
export class OutsideFetches {
  readonly #done = new Set<string>();
  /** By how many claims: two pages may fetch the same URI's copy at once. */
  readonly #claimed = new Map<string, number>();
  /** URIs handed out and not yet done, with those waiting for each: kept only once asked for (waiter). */
  #tracked?: Map<string, Array<() => void>>;

  /** A queued copy of this URI is to be finished at its turn, without a request. */
  isDone(uri: string): boolean {
    return this.#done.size > 0 && this.#done.has(uri);
  }

  /** Notes the URI fetched elsewhere, its key seen before; false when it was noted already. */
  markDone(uri: string): boolean {
    if (this.#done.has(uri)) return false;
    this.#done.add(uri);
    return true;
  }

  /** Its queued copy was finished: nothing more to pass over. */
  forgetDone(uri: string): void {
    this.#done.delete(uri);
  }

  isClaimed(uri: string): boolean {
    return this.#claimed.size > 0 && this.#claimed.has(uri);
  }

  claim(uri: string): void {
    this.#claimed.set(uri, (this.#claimed.get(uri) ?? 0) + 1);
  }

  unclaim(uri: string): void {
    const n = this.#claimed.get(uri);
    if (n === undefined) return;
    if (n > 1) this.#claimed.set(uri, n - 1);
    else this.#claimed.delete(uri);
  }

  /** The URI is handed out: those who ask (waiter) wait for it while it is. */
  handedOut(uri: string): void {
    if (this.#tracked !== undefined && !this.#tracked.has(uri)) this.#tracked.set(uri, []);
  }

  /** From now on, URIs handed out are kept: the function gives a promise for one in flight (undefined for one that is not). */
  waiter(): (uri: string) => Promise<void> | undefined {
    const tracked = (this.#tracked ??= new Map());
    return (uri) => {
      const waiters = tracked.get(uri);
      return waiters && new Promise<void>((resolve) => waiters.push(resolve));
    };
  }

  /** The URI handed out is done (or back in its queue): those waiting for it go on. */
  settled(uri: string): void {
    const waiters = this.#tracked?.get(uri);
    if (waiters === undefined) return;
    this.#tracked!.delete(uri);
    for (const resolve of waiters) resolve();
  }
}
