import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CredentialStore, HttpAuthCredential } from '../../model/credential-store.js';
import type { credentialStoreComponent } from './credential-store.descriptor.js';
import { credentialMatches } from './http-authentication-credential.js';

/** Heritrix's CredentialStore: a map of named credentials, looked up by server. */
export class MapCredentialStore implements CredentialStore {
  constructor(readonly config: ConfigOf<typeof credentialStoreComponent>) {}

  httpAuthFor(url: URL): readonly HttpAuthCredential[] {
    const credentials = this.config.credentials ?? {};
    return Object.values(credentials).filter((c) => credentialMatches(c.domain, url));
  }
}
