/**
 * Every error code beancrawl reports, with the one-line explanation that docs/reference/errors.md is
 * generated from (a test keeps the two in step).
 */
export const ERROR_CODES = {
  BC_FILE_READ: 'A bean file, an imported file or a file a bean names cannot be read (missing, a folder, no permission).',
  BC_FILE_TOO_LARGE: 'A bean file is larger than `maxBeanFileBytes` (config/engine.json).',
  BC_FILE_FORMAT: 'A bean file is neither XML nor JSON (judged by extension, then by its first character), or is binary.',
  BC_XML_SYNTAX: 'The XML is not well formed.',
  BC_XML_ENTITY: 'The XML declares entities (`<!ENTITY`); they are refused, so entity-expansion attacks cannot work.',
  BC_XML_ELEMENT: 'An element or attribute that the bean format does not have, or one in the wrong place, or one missing a required attribute.',
  BC_JSON_SYNTAX: 'The JSON is not well formed (comments and trailing commas are refused).',
  BC_JSON_DUPLICATE_KEY: 'A JSON object has the same key twice.',
  BC_JSON_SHAPE: 'A JSON bean file does not have the shape `{"imports": [...], "beans": {"id": {"class": ..., "properties": {...}}}}`.',
  BC_NESTING_TOO_DEEP: 'Elements or values nest deeper than `maxNestingDepth` (config/engine.json).',
  BC_IMPORT_CYCLE: 'Bean files import each other in a cycle.',
  BC_BEAN_DUPLICATE_ID: 'Two beans have the same id.',
  BC_CLASS_UNKNOWN: 'A bean names a class that is not in the component catalog.',
  BC_PACKAGE_NOT_FOUND: 'A bean names a component of another npm package (`package:Name`) that is not installed where the job can find it (the job ' +
    'folder\'s node_modules, or beside beancrawl).',
  BC_PACKAGE_INVALID: 'A package named by a bean (`package:Name`) does not declare its components as beancrawl reads them (package.json ' +
    '`"beancrawl": {"components": "./file.js"}`, a module exporting `components`, each a component description), or cannot be loaded.',
  BC_CLASS_MISSING: 'A bean has neither a class nor a parent to inherit one from.',
  BC_PARENT_UNKNOWN: 'A bean names a parent bean that does not exist, or parents form a cycle.',
  BC_PROP_UNKNOWN: 'A property that the bean\'s class does not have.',
  BC_PROP_DUPLICATE: 'The same property is set twice in one bean.',
  BC_PROP_TYPE: 'A value of the wrong type (text where a bean is needed, a word where a number is needed, ...).',
  BC_PROP_RANGE: 'A value out of its allowed range, not one of the allowed choices, or not in the required format.',
  BC_PROP_REQUIRED: 'A required property is not set.',
  BC_PLACEHOLDER_UNKNOWN: 'A `${...}` placeholder that beancrawl does not know (only `${launchId}` is defined).',
  BC_REF_DANGLING: 'A reference names a bean that does not exist.',
  BC_REF_ABSTRACT: 'A reference names an abstract bean, which is never built.',
  BC_REF_KIND: 'A reference names a bean of the wrong kind (a seed module where a decide rule is needed, ...).',
  BC_REF_MISSING: 'A required collaborator is neither set nor found by autowiring.',
  BC_REF_AMBIGUOUS: 'Autowiring found several candidate beans and none has the property\'s name.',
  BC_REF_CYCLE: 'Beans refer to each other in a cycle.',
  BC_OVERRIDE_SYNTAX: 'An override line (simpleOverrides, longerOverrides, `--set`) is not `beanId.path=value`.',
  BC_OVERRIDE_PATH: 'An override path names no bean or no property.',
  BC_SHEET_PATH: 'A sheet entry\'s path names no bean or no property.',
  BC_SHEET_NOT_OVERLAYABLE: 'A sheet entry sets a property its component does not declare overlayable (it cannot differ per URI).',
  BC_SHEET_VALUE: 'A sheet entry\'s value is of the wrong type or out of range for the property it sets.',
  BC_SHEET_UNKNOWN: 'A sheet association names a sheet that does not exist.',
  BC_BEAN_IGNORED: 'A warning: a bean of a Heritrix class that beancrawl accepts but does not use (its job is done otherwise, or comes in a later version).',
  BC_CONSTRUCTOR_ARG: 'A `<constructor-arg>` on a class that beancrawl does not build from constructor arguments, or one that names no argument of ' +
    'it, or sets a property the bean also sets.',
  BC_PLACEHOLDER: 'A `${NAME}` in an import\'s resource, or a `#{systemEnvironment[\'NAME\']}`, names an environment variable that is not set and ' +
    'gives no default; or a `#{...}` is a Spring expression beancrawl does not read.',
  BC_PROP_ORDER: 'A warning: two properties that bound each other are set the wrong way round (minDelayMs above maxDelayMs and the like); Heritrix ' +
    'accepts it, and the message says which one wins.',
  BC_PROP_IGNORED: 'A warning: a property of a Heritrix class that beancrawl accepts but does not use (it cannot mean anything here); the message says why.',
  BC_SURT_PREFIX_WIDENED: 'A warning: a SURT prefix written as a URL whose path does not end in `/` (`http://example.org/tutorial`, in a sheet ' +
    'association or a `+` directive of the seeds) stands, as in Heritrix, for the whole folder above (`http://(org,example,)/`); the message says ' +
    'how to write the narrower one (`http://example.org/tutorial/`, or the SURT prefix `http://(org,example,)/tutorial`).',
  BC_SEED_IGNORED: 'A warning: a seed line that is neither a seed (a URL or host, starting with a letter or digit) nor a directive for scope rules ' +
    '(`+` or `-`); every rule ignores it.',
  BC_SEED_PLACEHOLDER: 'A warning at verify, an error at launch: a seed is the profile\'s placeholder (`http://example.example/example`); replace ' +
    'it with your seeds.',
  BC_BEAN_INVALID: 'A bean\'s own validation failed (for example the operator contact URL is not an http(s) URL).',
  BC_KEY_EXPOSED: 'The private key a FetchHttp signs requests with (`signingKeyFile`) can be read by the group or others: a key others can ' +
    'read proves nothing about who sent a request. `chmod 600` it (`beancrawl keys` writes keys so).',
  BC_SCHEDULE_INVALID: 'A CrawlSchedule cannot be used: its cron expression cannot be read (located at the character at fault, with why: a value ' +
    'out of range, an unknown name, a wrong number of fields, a day that never comes), its time zone is not an IANA name, or the job holds more than one.',
  BC_JOB_INCOMPLETE: 'A job folder lacks what a crawl needs: exactly one CrawlController bean (which in turn needs a frontier, the three chains, ' +
    'seeds and metadata).',
  BC_JOB_EXISTS: '`beancrawl create` was given a folder that already exists and is not empty.',
  BC_PROFILE_UNKNOWN: '`beancrawl create` or `crawl` was given a profile that the installed package does not have.',
  BC_JOB_RUNNING: '`launch` was asked to run a job that is already running (its control socket answers); or `explain` was given `--set` while the ' +
    'job\'s crawl runs (the running crawl answers explain, with its own values), or the running crawl did not answer it.',
  BC_JOB_NOT_RUNNING: '`pause`, `unpause`, `terminate` or `status` was given a job with no running crawl.',
  BC_JOB_NO_RUN: '`index` or `get` was given a job that has no run yet, or no run of the name given with `--run`.',
  BC_CONFINED: 'Under `beancrawl serve` (unless `--trust-bean-files`), a bean names a path out of the job folder and the `--data-dir` folders, a ' +
    'bean file imports one from outside the job folder and the profiles, or a `file:` seed lies outside the `--allow-file-root` folders.',
  BC_SERVE_EXPOSED: '`beancrawl serve --bind` names an address beyond loopback without TLS (`--tls-cert`, `--tls-key`) or an explicit `--insecure-http`.',
  BC_SERVE_LISTEN: '`beancrawl serve` cannot listen where it was asked: the port is in use, the address is not this machine\'s, or the port needs ' +
    'rights the user lacks.',
  BC_PASSWORD_FILE: '`beancrawl serve --password-file` names a file that cannot be read, or a line that is not `user:beancrawl:HASH` (the format ' +
    '`htdigest` writes).',
  BC_INDEX_UNAVAILABLE: '`beancrawl search` cannot query the job\'s index: the job has no PostgresIndexReceiver bean (or several, and `--bean` ' +
    'names none of them), its database cannot be reached, or its table does not exist yet (no crawl has written to it).',
  BC_JOB_NOT_FOUND: 'The job folder or bean file given on the command line does not exist or holds no bean file.',
  BC_JOB_FOLDER_GONE: 'The job folder or its state folder was deleted (or deleted and made again) while the crawl ran: the crawl stops within ' +
    'seconds, with this alert, writes nothing more and makes neither folder again (exit code 1).',
  BC_STATE_CORRUPT: 'A job\'s state folder cannot be read (damaged files); the message names the folder.',
  BC_STATE_UNWRITABLE: 'A job\'s state folder (or the folder it is to be made in) cannot be written: no permission, or a read-only file system. ' +
    'Nothing in it is damaged; the crawl can go on once it is writable.',
  BC_STATE_FOREIGN: 'A job\'s state folder holds something that is not a beancrawl state (other files, another program\'s database).',
  BC_STATE_VERSION: 'A job\'s state folder was written by a beancrawl whose state format this version cannot read.',
  BC_CHECKPOINT_UNKNOWN: '`launch --checkpoint` names a checkpoint that does not exist or was never completed.',
  BC_CHECKPOINT_FAILED: 'A checkpoint of a crawl shared through Redis could not be completed (the URIs in flight or a worker\'s answer did not ' +
    'come, or a worker could not save its state); no checkpoint is stamped valid, and the crawl goes on.',
  BC_START_FAILED: 'A bean failed to start; the beans already started were stopped again.',
  BC_START_TIMEOUT: 'A bean did not finish starting within `startTimeoutMs`.',
  BC_STOP_FAILED: 'One or more beans failed to stop; every bean was still asked to stop.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
