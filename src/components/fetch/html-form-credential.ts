import { defineComponent, type BeanView, type ComponentClass, type ConfigOf, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import type { FormLoginCredential } from '../../model/credential-store.js';

function validateFormCredential(bean: BeanView): ValidationIssue[] {
  const loginUri = String(bean.config.loginUri ?? '');
  let url: URL | undefined;
  try {
    url = new URL(loginUri);
  } catch {
    return [{ property: 'loginUri', message: `"${loginUri}" is not an absolute URL`, hints: ['for example http://example.org/login'] }];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [{ property: 'loginUri', message: `"${loginUri}" is not an http(s) URL` }];
  const method = String(bean.config.httpMethod ?? 'POST').toUpperCase();
  if (method !== 'POST' && method !== 'GET') return [{ property: 'httpMethod', message: `"${method}" is neither POST nor GET` }];
  return [];
}

export const htmlFormCredentialComponent = defineComponent({
  name: 'HtmlFormCredential',
  aliases: ['org.archive.modules.credential.HtmlFormCredential'],
  description:
    'A login by form, as Heritrix\'s: before any other URI of the server `domain` is fetched, PreconditionEnforcer holds it ' +
    'behind `loginUri`, which is fetched once with `formItems` (POSTed as application/x-www-form-urlencoded, or as a query with GET). ' +
    'The cookies the login answers with go to the cookie store and are sent on for the rest of the crawl. Goes in a CredentialStore\'s `credentials` map.',
  kinds: ['Credential'],
  props: {
    domain: {
      type: 'string', required: true, minLength: 1,
      description: 'The server: `host`, or `host:port` when the port is not the scheme\'s default. Compared without regard to case; no subdomain matches.',
    },
    loginUri: { type: 'string', required: true, minLength: 1, description: 'The absolute URL the form is submitted to.' },
    formItems: {
      type: 'object', additionalProperties: { type: 'string' }, default: {},
      description: 'The form\'s fields and their values (`<map><entry key="username" value="…"/></map>`), sent in this order.',
    },
    httpMethod: { type: 'string', enum: ['POST', 'GET', 'post', 'get'], default: 'POST', description: 'POST (Heritrix\'s default) or GET.' },
  },
  validate: validateFormCredential,
  load: async (): Promise<ComponentClass> => HtmlFormCredential,
});

/** Heritrix's HtmlFormCredential: a form to submit once per server before crawling it. */
export class HtmlFormCredential implements FormLoginCredential {
  readonly kind = 'form';

  constructor(readonly config: ConfigOf<typeof htmlFormCredentialComponent>) {}

  get domain(): string {
    return this.config.domain;
  }

  get loginUri(): string {
    return this.config.loginUri;
  }

  get formItems(): ReadonlyArray<readonly [string, string]> {
    return Object.entries(this.config.formItems as Record<string, string>);
  }

  get httpMethod(): 'POST' | 'GET' {
    return this.config.httpMethod.toUpperCase() === 'GET' ? 'GET' : 'POST';
  }
}

/** The form's fields as application/x-www-form-urlencoded. */
export function formBody(credential: FormLoginCredential): string {
  const params = new URLSearchParams();
  for (const [name, value] of credential.formItems) params.append(name, value);
  return params.toString();
}
