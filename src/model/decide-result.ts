/** A decide rule's verdict: NONE (Heritrix's docs say PASS) leaves the decision to other rules. */
export const DecideResult = {
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  NONE: 'NONE',
} as const;

export type DecideResult = (typeof DecideResult)[keyof typeof DecideResult];
