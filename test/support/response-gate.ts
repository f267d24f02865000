import type { Route } from './site-server.js';

/**
 * Holds the answers of the routes it makes until the test lets them go. A test then looks at a
 * crawl at a moment it chooses (a fetch in flight; a crawl that cannot have ended yet) instead
 * of at a time it guesses, which a loaded machine makes wrong.
 */
export class ResponseGate {
  readonly #held: Array<() => void> = [];
  #open = false;

  /** A page answering `body` once the gate lets it. */
  route(body: string): Route {
    return (_req, res) => {
      const answer = () => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (this.#open) answer();
      else this.#held.push(answer);
    };
  }

  /** Answers held now. */
  get held(): number {
    return this.#held.length;
  }

  /** Lets the oldest held answer go. */
  releaseOne(): void {
    this.#held.shift()?.();
  }

  /** Lets every held answer go, and every later one through at once. */
  open(): void {
    this.#open = true;
    for (const answer of this.#held.splice(0)) answer();
  }
}
