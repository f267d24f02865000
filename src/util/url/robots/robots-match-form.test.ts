import { expect } from 'chai';
import { robotsMatchForm } from './robots-match-form.js';

describe('robotsMatchForm()', () => {
  describe('RFC 9309 §2.2.2 percent-encoding examples', () => {
    const table: [string, string][] = [
      ['/foo/bar?baz=quz', '/foo/bar?baz=quz'],
      ['/foo/bar/\u30c4', '/foo/bar/%E3%83%84'],
      ['/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84'],
      ['/foo/bar/%62%61%7A', '/foo/bar/baz'],
    ];
    for (const [path, form] of table) {
      it(`compares ${path} as ${form}`, () => {
        expect(robotsMatchForm(path)).to.equal(form);
      });
    }
  });

  it('upper-cases the hex of escapes it keeps', () => {
    expect(robotsMatchForm('/a%2fb%e3%83%84')).to.equal('/a%2Fb%E3%83%84');
  });
  it('keeps escapes of reserved characters escaped', () => {
    expect(robotsMatchForm('/a%2Fb%3F%26')).to.equal('/a%2Fb%3F%26');
  });
  it('escapes literal "*" and "$", which patterns match only as %2A and %24', () => {
    expect(robotsMatchForm('/file-with-a-*.html')).to.equal('/file-with-a-%2A.html');
    expect(robotsMatchForm('/foo-$')).to.equal('/foo-%24');
  });
  it('escapes space, quotes, angle brackets and controls as a URL serializer would', () => {
    expect(robotsMatchForm('/a b"<>\u007f')).to.equal('/a%20b%22%3C%3E%7F');
  });
  it('encodes characters outside the BMP as four UTF-8 bytes', () => {
    expect(robotsMatchForm('/\u{1F600}')).to.equal('/%F0%9F%98%80');
  });
  it('leaves a stray "%" alone', () => {
    expect(robotsMatchForm('/100%/x%zz')).to.equal('/100%/x%zz');
  });
  it('returns a plain ASCII path unchanged', () => {
    const path = '/a/b-c_d.e~f?g=h&i=j';
    expect(robotsMatchForm(path)).to.equal(path);
  });
});
