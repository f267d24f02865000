import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { cookieStoreComponent } from './cookie-store.descriptor.js';
import { credentialStoreComponent } from './credential-store.descriptor.js';
import { fetchDnsComponent } from './fetch-dns.descriptor.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { httpAuthenticationCredentialComponent } from './http-authentication-credential.descriptor.js';
import { preconditionEnforcerComponent } from './precondition-enforcer.descriptor.js';
import { preselectorComponent } from './preselector.descriptor.js';
import { serverCacheComponent } from './server-cache.descriptor.js';

/** The fetch area's components, in fetch-chain order, the server cache first, then the stores FetchHttp uses. */
export const FETCH_COMPONENTS: ComponentDescriptor[] = [
  serverCacheComponent,
  preselectorComponent,
  preconditionEnforcerComponent,
  fetchDnsComponent,
  fetchHttpComponent,
  cookieStoreComponent,
  credentialStoreComponent,
  httpAuthenticationCredentialComponent,
];
