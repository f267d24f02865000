import { expect } from 'chai';
import { expandPlaceholders } from './placeholders.js';

describe('expandPlaceholders', () => {
  const env = { CRAWL_HOME: '/srv/crawls', EMPTY: '' };

  it('fills in ${NAME:default} from the environment, or with its default', () => {
    expect(expandPlaceholders('${CRAWL_HOME:/tmp}/seeds.txt', env, false).text).to.equal('/srv/crawls/seeds.txt');
    expect(expandPlaceholders('${UNSET_HERE:/tmp}/seeds.txt', env, false).text).to.equal('/tmp/seeds.txt');
    expect(expandPlaceholders('${UNSET_HERE:}x', env, false).text).to.equal('x');
    expect(expandPlaceholders('${EMPTY:fallback}', env, false).text).to.equal('');
  });

  it('leaves ${NAME} without a default in values (${launchId}, WARC template tokens) but requires it where strict (imports)', () => {
    const value = expandPlaceholders('${launchId}/${prefix}-${CRAWL_HOME}', env, false);
    expect(value).to.deep.equal({ text: '${launchId}/${prefix}-${CRAWL_HOME}', problems: [] });
    expect(expandPlaceholders('${CRAWL_HOME}/more.xml', env, true).text).to.equal('/srv/crawls/more.xml');
    expect(expandPlaceholders('x/${UNSET_HERE}.xml', env, true).problems).to.deep.equal([
      { offset: 2, message: 'environment variable UNSET_HERE is not set, and "${UNSET_HERE}" gives no default (write ${UNSET_HERE:default})' },
    ]);
  });

  it('reads #{systemEnvironment[\'NAME\'] ?: \'default\'}, in either quotes, and refuses other Spring expressions', () => {
    expect(expandPlaceholders("#{systemEnvironment['CRAWL_HOME'] ?: '/tmp'}/a", env, false).text).to.equal('/srv/crawls/a');
    expect(expandPlaceholders('#{ systemEnvironment["UNSET_HERE"]?:"/tmp" }/a', env, false).text).to.equal('/tmp/a');
    expect(expandPlaceholders("#{systemEnvironment['UNSET_HERE']}", env, false).problems[0].message).to.contain('UNSET_HERE is not set');
    expect(expandPlaceholders("#{systemEnvironment['UNSET_HERE'] ?: '${launchId}/warcs'}", env, false).text).to.equal('${launchId}/warcs');
    expect(expandPlaceholders('n=#{1 + 2}', env, false).problems).to.deep.equal([
      { offset: 2, message: 'the Spring expression "#{1 + 2}" is not supported; only #{systemEnvironment[\'NAME\'] ?: \'default\'} is (or a number ' +
        'or true/false as the default)' },
    ]);
  });

  it('takes a number or boolean literal as the default, as UKWA\'s files write them', () => {
    expect(expandPlaceholders("#{systemEnvironment['UNSET_HERE'] ?: 5}", env, false).text).to.equal('5');
    expect(expandPlaceholders("#{systemEnvironment['UNSET_HERE'] ?: -1}", env, false).text).to.equal('-1');
    expect(expandPlaceholders("#{systemEnvironment['UNSET_HERE']?:false}", env, false).text).to.equal('false');
    expect(expandPlaceholders("#{systemEnvironment['CRAWL_HOME'] ?: 2.5}", env, false).text).to.equal('/srv/crawls');
    // A bare name is a reference in Spring's language, evaluated only when the variable is unset, and then it fails.
    expect(expandPlaceholders("#{systemEnvironment['CRAWL_HOME'] ?: localhost}", env, false).text).to.equal('/srv/crawls');
    expect(expandPlaceholders("#{systemEnvironment['UNSET_HERE'] ?: " +
      "localhost}", env, false).problems[0].message).to.contain('"localhost"').and.contain("quote it: ?: 'localhost'");
  });
});
