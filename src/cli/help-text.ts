import { VERSION } from '../util/version.js';

export const HELP = `beancrawl ${VERSION} - a crawl engine configured by bean files

Usage:
  beancrawl verify JOB|FILE [--set bean.path=value]...
      Check a job folder or bean file at three levels: well formed, the bean graph can be
      built (classes, properties, types, references), every bean's own rules. Prints each
      error as file:line:column: error CODE: message. Exit 0 when clean, 1 on errors.
  beancrawl beans JOB|FILE [--set bean.path=value]...
      Print the resolved bean graph: every bean, its class, and each property's value with
      where it came from (default, file:line, override, --set).
  beancrawl create JOB [--profile NAME] [--seed URL]... [--contact URL]
      Make a new job folder from a profile (default: default), with these seeds and
      operator contact URL written into its overrides.
  beancrawl launch JOB [--fresh] [--forget-history] [--checkpoint NAME|latest]
                   [--dry-run-deletes] [--set ...]
      Verify (refusing a job with errors), then crawl to the end in this process, with
      live progress; writes JOB/runs/<timestamp>/ (JOB/latest points at it). A run that
      did not finish (killed, Ctrl-C) is resumed; --fresh starts a new one from the seeds
      instead, --forget-history also drops the fetch history; --checkpoint starts from a
      checkpoint; --dry-run-deletes lists what a delta run would delete, deleting nothing.
      Ctrl-C (or SIGTERM) stops cleanly, to be resumed; twice quits at once.
  beancrawl crawl URL... [--profile NAME] [--contact URL] [--job DIR] [--set ...]
      create and launch in one step (profile site-mirror; job folder jobs/<host>-<time>).
  beancrawl status|pause|unpause|checkpoint|terminate JOB
      Talk to the crawl running in JOB from another shell (through JOB/.beancrawl.sock):
      state and counts; stop taking new URIs; go on; write a checkpoint (JOB/checkpoints/
      cpNNNNN-<time>); end the crawl (it is finished, not resumed).
  beancrawl explain JOB URL... [--json] [--set ...]
      Without fetching: for each URL (or each line of stdin), its normalised form, SURT,
      uniqueness and queue keys, every scope rule's verdict and the final decision, the
      sheets that apply and the values they change, and the politeness that applies.
  beancrawl schema
      Print the JSON Schema of bean files (for editors: "$schema" in a JSON bean file).
  beancrawl docs [--errors]
      Print the bean reference (docs/beans.md) or the error code list (docs/errors.md).
  beancrawl --help | --version

Options:
  --set bean.path=value   override a property after the file's own overrides (repeatable)
  --debug                 show stack traces of internal errors

Not in this version yet: serve.

Exit codes: 0 success, 1 configuration or crawl error, 2 usage error.
`;

export const PLANNED_COMMANDS = new Set(['serve']);
