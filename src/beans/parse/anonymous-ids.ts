/** Names beans that have no id as Spring does: the class as written, `#`, a counter per class. */
export class AnonymousIds {
  readonly #counts = new Map<string, number>();

  next(className: string): string {
    const n = this.#counts.get(className) ?? 0;
    this.#counts.set(className, n + 1);
    return `${className}#${n}`;
  }
}
