import { expect } from 'chai';
import { robotsMatchForm } from './robots-match-form.js';
import { compileRobotsRule } from './robots-rule.js';

function matches(pattern: string, path: string): boolean {
  return compileRobotsRule(pattern, false).matches(robotsMatchForm(path));
}

describe('compileRobotsRule()', () => {
  const table: [string, string, boolean][] = [
    ['/fish', '/fish', true],
    ['/fish', '/fish.html', true],
    ['/fish', '/fish/salmon.html', true],
    ['/fish', '/fishheads?id=anything', true],
    ['/fish', '/Fish.asp', false],
    ['/fish', '/catfish', false],
    ['/fish*', '/fishheads/yummy.html', true],
    ['/fish/', '/fish', false],
    ['/*.php', '/filename.php', true],
    ['/*.php', '/folder/filename.php?parameters', true],
    ['/*.php', '/windows.PHP', false],
    ['/*.php$', '/folder/filename.php', true],
    ['/*.php$', '/filename.php?parameters', false],
    ['/*.php$', '/filename.php5', false],
    ['/fish*.php', '/fish.php', true],
    ['/fish*.php', '/fishheads/catfish.php?parameters', true],
    ['/fish*.php', '/Fish.PHP', false],
    ['/this/path/exactly$', '/this/path/exactly', true],
    ['/this/path/exactly$', '/this/path/exactly/not', false],
    ['/this/*/exactly', '/this/any/path/exactly', true],
    ['/path/file-with-a-%2A.html', '/path/file-with-a-*.html', true],
    ['/path/foo-%24', '/path/foo-$', true],
    ['/a$b', '/a$b', true],
    ['*.gif$', '/a.gif', true],
    ['*.gif$', '/a.gif.html', false],
    ['/*.gif$', '/a.gif', true],
    ['/a**b', '/a-x-b', true],
    ['/*', '/', true],
    ['/$', '/', true],
    ['/$', '/a', false],
    ['/a*b*c$', '/abcabd', false],
    ['/a*b*c$', '/abcabc', true],
    ['/\u30c4', '/%e3%83%84', true],
    ['/%E3%83%84', '/\u30c4', true],
    ['/%62az', '/baz', true],
  ];
  for (const [pattern, path, expected] of table) {
    it(`${expected ? 'matches' : 'does not match'} ${path} with ${pattern}`, () => {
      expect(matches(pattern, path)).to.equal(expected);
    });
  }

  it('measures specificity in octets of the pattern, escapes and wildcards included', () => {
    expect(compileRobotsRule('/abc', true).length).to.equal(4);
    expect(compileRobotsRule('/*.php$', true).length).to.equal(7);
    expect(compileRobotsRule('/\u30c4', true).length).to.equal(10);
  });

  it('matches a long path against a many-wildcard pattern without blowing up', () => {
    const rule = compileRobotsRule('/' + 'a*'.repeat(30) + 'b$', false);
    const started = performance.now();
    expect(rule.matches('/' + 'a'.repeat(5000))).to.equal(false);
    expect(performance.now() - started).to.be.below(100);
  });
});
