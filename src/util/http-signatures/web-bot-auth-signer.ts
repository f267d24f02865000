import { createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { jwkThumbprint } from './jwk-thumbprint.js';

/** The tag every Web Bot Auth signature carries (draft-meunier-web-bot-auth-architecture, draft-ietf-webbotauth-httpsig-protocol). */
export const WEB_BOT_AUTH_TAG = 'web-bot-auth';
/** The label of the one signature, and of its Signature-Agent dictionary member. */
const LABEL = 'sig1';

/** An RFC 8941 sf-string: printable ASCII in double quotes, `"` and `\` escaped; undefined when the text cannot be one. */
export function sfString(text: string): string | undefined {
  if (!/^[\x20-\x7e]*$/.test(text)) return undefined;
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/** What one request's signature is made of. */
export interface SignatureRequest {
  /** The request's `@authority` (RFC 9421 §2.2.3): the host, lower case, with the port unless it is the scheme's default (`URL.host`). */
  readonly authority: string;
  /** Where the key directory is published (the Signature-Agent), or '' to send none. */
  readonly signatureAgent: string;
  /** How long the signature is good for, from now, in seconds. */
  readonly validitySeconds: number;
  /** The signing time, in ms (Date.now() unless a test fixes it). */
  readonly now?: number;
  /** 64 random bytes unless a test fixes them. */
  readonly nonce?: string;
}

/**
 * Signs requests as the Web Bot Auth drafts specify, with HTTP Message Signatures (RFC 9421): an
 * Ed25519 key whose JWK thumbprint (RFC 7638) is the `keyid`; each signature covers `@authority`
 * and, when one is sent, the `Signature-Agent` dictionary member naming the key directory, with
 * `created`, `expires`, `keyid`, `alg="ed25519"`, a `nonce` and `tag="web-bot-auth"`. A signature
 * is made per request, so a request sent again (a retry, a redirect, an authentication) is signed
 * anew with its own times.
 */
export class WebBotAuthSigner {
  /** The public key as a JWK (kty OKP, crv Ed25519, x), as the key directory lists it. */
  readonly publicJwk: { readonly kty: string; readonly crv: string; readonly x: string };
  readonly keyid: string;

  constructor(readonly privateKey: KeyObject) {
    if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
      throw new Error(`a Web Bot Auth key must be an Ed25519 private key, not ${privateKey.type} ${privateKey.asymmetricKeyType ?? ''}`.trimEnd());
    }
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    this.publicJwk = { kty: String(jwk.kty), crv: String(jwk.crv), x: String(jwk.x) };
    this.keyid = jwkThumbprint(this.publicJwk);
  }

  /** The headers to add to the request, as a flat `[name, value, ...]` list: Signature-Agent (when sent), Signature-Input, Signature. */
  headers(request: SignatureRequest): string[] {
    const agent = request.signatureAgent === '' ? undefined : sfString(request.signatureAgent);
    if (request.signatureAgent !== '' && agent === undefined) {
      throw new Error(`the Signature-Agent ${JSON.stringify(request.signatureAgent)} is not printable ASCII`);
    }
    const created = Math.floor((request.now ?? Date.now()) / 1000);
    const expires = created + Math.max(1, Math.floor(request.validitySeconds));
    const nonce = request.nonce ?? randomBytes(64).toString('base64');
    const components = agent === undefined ? '("@authority")' : `("@authority" "signature-agent";key="${LABEL}")`;
    const params = `${components};created=${created};expires=${expires};keyid="${this.keyid}";alg="ed25519";nonce="${nonce}";tag="${WEB_BOT_AUTH_TAG}"`;
    let base = `"@authority": ${request.authority.toLowerCase()}\n`;
    if (agent !== undefined) base += `"signature-agent";key="${LABEL}": ${agent}\n`;
    base += `"@signature-params": ${params}`;
    const signature = sign(null, Buffer.from(base, 'latin1'), this.privateKey).toString('base64');
    const headers: string[] = [];
    if (agent !== undefined) headers.push('Signature-Agent', `${LABEL}=${agent}`);
    headers.push('Signature-Input', `${LABEL}=${params}`, 'Signature', `${LABEL}=:${signature}:`);
    return headers;
  }
}
