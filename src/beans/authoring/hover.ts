/** What hovering over a name shows: markdown, and the range of text it is about. */
export interface Hover {
  readonly contents: string;
  readonly from: number;
  readonly to: number;
}
