import { expect } from 'chai';
import { redactUrlPasswords, withoutPassword } from './url-password.js';

describe('passwords in mailbox URLs', () => {
  it('takes the password out of an imap(s) URL and gives it back decoded', () => {
    expect(withoutPassword('imap://bob:p%40ss@127.0.0.1:1143/INBOX')).to.deep.equal({ url: 'imap://bob@127.0.0.1:1143/INBOX', password: 'p@ss' });
    expect(withoutPassword('imaps://bob@mail.example.org/INBOX')).to.deep.equal({ url: 'imaps://bob@mail.example.org/INBOX' });
  });

  it('leaves other schemes as they are', () => {
    expect(withoutPassword('http://u:p@example.org/')).to.deep.equal({ url: 'http://u:p@example.org/' });
  });

  it('redacts every imap(s) password in a text, JSON-escaped lines included', () => {
    const text = JSON.stringify({ value: '# seeds\nimap://bob:s3cret@h:1/INBOX\nIMAPS://carol:x-y@h/Sent' });
    expect(redactUrlPasswords(text)).to.equal(JSON.stringify({ value: '# seeds\nimap://bob@h:1/INBOX\nIMAPS://carol@h/Sent' }));
  });
});
