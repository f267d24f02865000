/**
 * The name of this process in a crawl that worker processes share (`launch --worker-id`, or the
 * host name and process id), for what names files after it (WARC's `${worker}`); the process id
 * when the crawl is not shared. One process is one worker.
 */
let name: string | undefined;

export function setWorkerName(worker: string | undefined): void {
  name = worker;
}

export function workerName(): string {
  return name ?? String(process.pid);
}
