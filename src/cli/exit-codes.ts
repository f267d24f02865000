export const EXIT_OK = 0;
/** A configuration or crawl error. */
export const EXIT_ERROR = 1;
/** A usage error: unknown command or option, missing argument. */
export const EXIT_USAGE = 2;
