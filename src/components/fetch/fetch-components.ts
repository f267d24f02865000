import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { cookieStoreComponent } from './memory-cookie-store.js';
import { credentialStoreComponent } from './map-credential-store.js';
import { htmlFormCredentialComponent } from './html-form-credential.js';
import { fetchDnsComponent } from './fetch-dns.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { httpAuthenticationCredentialComponent } from './http-authentication-credential.js';
import { preconditionEnforcerComponent } from './precondition-enforcer.js';
import { preselectorComponent } from './preselector.js';
import { quotaEnforcerComponent } from './quota-enforcer.js';
import { serverCacheComponent } from './memory-server-cache.js';
import { redisServerCacheComponent } from './redis-server-cache.js';

/** The fetch area's components, in fetch-chain order, the server cache first, then the stores FetchHttp uses. */
export const FETCH_COMPONENTS: ComponentDescriptor[] = [
  serverCacheComponent,
  redisServerCacheComponent,
  preselectorComponent,
  preconditionEnforcerComponent,
  quotaEnforcerComponent,
  fetchDnsComponent,
  fetchHttpComponent,
  cookieStoreComponent,
  credentialStoreComponent,
  htmlFormCredentialComponent,
  httpAuthenticationCredentialComponent,
];
