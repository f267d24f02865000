/** Text that a bean reads: an inline string or a file (Heritrix's ConfigString and ConfigFile). */
export interface ReadSource {
  readText(): Promise<string>;
  /** Where the text comes from, for messages. */
  readonly description: string;
}
