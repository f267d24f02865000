/**
 * Maps a kind name (what a component provides, what a reference needs) to its TypeScript type.
 * Empty here: the model layer adds its contracts by declaration merging, so the bean layer
 * needs no import from above it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, not a type alias, so that declaration merging can add to it
export interface KindTypes {}

export type KindType<K extends string> = K extends keyof KindTypes ? KindTypes[K] : unknown;
