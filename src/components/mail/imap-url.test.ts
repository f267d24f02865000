import { expect } from 'chai';
import { accountKey, folderUrl, messageUrl, parseImapUrl, serverKey, type ImapTarget } from './imap-url.js';

describe('imap URLs (RFC 5092)', () => {
  const parse = (uri: string) => parseImapUrl(uri) as ImapTarget;

  it('reads a folder URL: user, server (the scheme\'s default port when none), folder', () => {
    expect(parse('imap://bob@mail.example.org/INBOX')).to.deep.equal({
      secure: false, user: 'bob', host: 'mail.example.org', port: 143, authority: 'imap://bob@mail.example.org', folder: 'INBOX', uidValidity: undefined, uid: undefined,
    });
    expect(parse('imaps://bob@mail.example.org/INBOX')).to.include({ secure: true, port: 993 });
    expect(parse('imap://bob@127.0.0.1:1143/')).to.include({ port: 1143, folder: '', authority: 'imap://bob@127.0.0.1:1143' });
  });

  it('reads a message URL: folder, UIDVALIDITY and UID', () => {
    const t = parse('imap://bob@127.0.0.1:1143/INBOX.Sent%20Items;UIDVALIDITY=123/;UID=45');
    expect([t.folder, t.uidValidity, t.uid]).to.deep.equal(['INBOX.Sent Items', 123n, 45]);
    expect(parse('imap://bob@h/INBOX;uidvalidity=7/;uid=8')).to.include({ uid: 8 });
  });

  it('writes folder and message URLs back as it reads them, names percent-encoded as UTF-8 with their separators kept', () => {
    const folder = 'Archiv/2024 Ü;x';
    const url = messageUrl('imap://bob@h:1', folder, 9n, 3);
    expect(url).to.equal('imap://bob@h:1/Archiv/2024%20%C3%9C%3Bx;UIDVALIDITY=9/;UID=3');
    expect(parse(url)).to.include({ folder, uid: 3 });
    expect(parse(folderUrl('imap://bob@h:1', folder))).to.include({ folder, uid: undefined });
  });

  it('keys connections by scheme, user and server, and politeness by server', () => {
    const t = parse('imap://bob%40corp@Mail.Example.org:1143/INBOX');
    expect(accountKey(t)).to.equal('imap://bob%40corp@mail.example.org:1143');
    expect(serverKey(t)).to.equal('mail.example.org:1143');
    expect(t.user).to.equal('bob@corp');
  });

  it('says why a URL cannot be fetched', () => {
    expect(parseImapUrl('imap://bob@h/INBOX;UIDVALIDITY=1/;UID=2/;SECTION=1.2')).to.be.a('string');
    expect(parseImapUrl('imap://bob@h/INBOX?SUBJECT%20x')).to.contain('query');
    expect(parseImapUrl('http://h/INBOX')).to.be.a('string');
  });
});
