import { api } from './api.js';
import type { ComponentInfo } from './api-types.js';

let loaded: Promise<readonly ComponentInfo[]> | undefined;

/** Every component of the service's registry (GET /api/v1/components), asked once a page load: it changes only with the service. */
export function loadComponents(): Promise<readonly ComponentInfo[]> {
  loaded ??= api<readonly ComponentInfo[]>('GET', '/api/v1/components').catch((e: unknown) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}
