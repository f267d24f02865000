import { coerceHttpsToHttp } from '../../util/url/implied-surt-prefix.js';
import { surt } from '../../util/url/surt.js';

let lastUri: string | undefined;
let lastSurt = '';

/**
 * The SURT a prefix set is compared with (https read as http). The last answer is kept: the rules
 * of one scope ask for the same URI one after the other, and SURT-ing is the costly part of them.
 */
export function candidateSurt(uri: string): string {
  if (uri !== lastUri) {
    lastSurt = coerceHttpsToHttp(surt(uri));
    lastUri = uri;
  }
  return lastSurt;
}
