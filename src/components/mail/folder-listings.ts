/** A folder as this run listed it completely: its UIDVALIDITY and every UID in it. */
export interface FolderListing {
  readonly uidValidity: bigint;
  readonly uids: ReadonlySet<number>;
}

/**
 * The folders listed completely in this run, by account and folder name. A message that its
 * folder no longer holds is proven gone only against such a listing (as a missing file is by
 * its folder's absence of it): kept in memory, so a resumed run lists again before it decides.
 */
export class FolderListings {
  readonly #listings = new Map<string, FolderListing>();

  get(account: string, folder: string): FolderListing | undefined {
    return this.#listings.get(keyOf(account, folder));
  }

  set(account: string, folder: string, listing: FolderListing): void {
    this.#listings.set(keyOf(account, folder), listing);
  }
}

function keyOf(account: string, folder: string): string {
  return `${account}\u0000${folder}`;
}
