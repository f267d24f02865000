import { expect } from 'chai';
import { MapCredentialStore } from '../fetch/map-credential-store.js';
import { HttpAuthenticationCredential } from '../fetch/http-authentication-credential.js';
import { parseImapUrl, type ImapTarget } from './imap-url.js';
import { MailboxCredential } from './mailbox-credential.js';
import { MailboxLogins, NO_LOGIN_CODE } from './mailbox-logins.js';

const target = (url: string) => parseImapUrl(url) as ImapTarget;

describe(MailboxLogins.name, () => {
  const store = new MapCredentialStore({
    credentials: {
      work: new MailboxCredential({ domain: 'Mail.Example.org', login: 'bob', password: 'from-store' }),
      test: new MailboxCredential({ domain: 'localhost:1143', login: 'carol', password: 'carol-store' }),
      web: new HttpAuthenticationCredential({ domain: 'mail.example.org', realm: '', login: 'bob', password: 'web' }),
    },
  });

  it('takes the seed\'s password first, then the credential store\'s, then the environment variable\'s', () => {
    const logins = new MailboxLogins(store, 'MAIL_PW', { MAIL_PW: 'from-env' });
    logins.addSeed('imap://bob@mail.example.org/INBOX', 'from-seed');
    expect(logins.loginFor(target('imap://bob@mail.example.org/Sent'))).to.deep.equal({ user: 'bob', password: 'from-seed' });
    expect(logins.loginFor(target('imaps://bob@mail.example.org/INBOX'))).to.deep.equal({ user: 'bob', password: 'from-store' }, 'another scheme ' +
      'is another account');
    expect(logins.loginFor(target('imap://dave@mail.example.org/INBOX'))).to.deep.equal({ user: 'dave', password: 'from-env' });
  });

  it('matches a MailboxCredential by server (port when not the default) and user; a URL without a user takes its login', () => {
    const logins = new MailboxLogins(store, '');
    expect(logins.loginFor(target('imap://localhost:1143/INBOX'))).to.deep.equal({ user: 'carol', password: 'carol-store' });
    expect(() => logins.loginFor(target('imap://carol@localhost:143/INBOX'))).to.throw().with.property('code', NO_LOGIN_CODE);
  });

  it('keeps mailbox credentials out of HTTP authentication, and HTTP ones out of mailboxes', () => {
    expect(store.httpAuthFor(new URL('http://mail.example.org/')).map((c) => c.password)).to.deep.equal(['web']);
    expect(store.mailboxLoginFor(new URL('imap://bob@mail.example.org/'))?.password).to.equal('from-store');
  });

  it('says no password is known without quoting any', () => {
    const logins = new MailboxLogins(undefined, 'MAIL_PW', {});
    expect(() => logins.loginFor(target('imap://bob@h/INBOX'))).to.throw('no password for this mailbox account');
  });
});
