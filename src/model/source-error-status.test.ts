import { expect } from 'chai';
import { FetchStatus } from './fetch-status.js';
import { errorCodeOf, sourceErrorStatus } from './source-error-status.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('sourceErrorStatus: one classification of server errors for every source', () => {
  it('retries (-2, -3) a server that takes no connection now or lost one, whatever the source', () => {
    const cases: Array<[Error, number, string]> = [
      [coded('ECONNREFUSED'), FetchStatus.CONNECT_FAILED, 'ECONNREFUSED'],
      [coded('57P03', 'the database system is starting up'), FetchStatus.CONNECT_FAILED, '57P03'],
      [coded('53300', 'sorry, too many clients already'), FetchStatus.CONNECT_FAILED, '53300'],
      [new Error('Connection terminated due to connection timeout'), FetchStatus.CONNECT_FAILED, 'CONNECT_TIMEOUT'],
      [new Error('LOADING Redis is loading the dataset in memory'), FetchStatus.CONNECT_FAILED, 'LOADING'],
      [coded('57P01', 'terminating connection due to administrator command'), FetchStatus.CONNECT_LOST, '57P01'],
      [coded('ECONNRESET'), FetchStatus.CONNECT_LOST, 'ECONNRESET'],
      [new Error('Connection terminated unexpectedly'), FetchStatus.CONNECT_LOST, 'CONNECTION_TERMINATED'],
      [new Error('Connection is closed.'), FetchStatus.CONNECT_LOST, 'CONNECTION_TERMINATED'],
      [coded('EConnectionClosed'), FetchStatus.CONNECT_LOST, 'EConnectionClosed'],
      [coded('UND_ERR_SOCKET'), FetchStatus.CONNECT_LOST, 'UND_ERR_SOCKET'],
    ];
    for (const [err, status, code] of cases) {
      expect([errorCodeOf(err), sourceErrorStatus(err)], err.message).to.deep.equal([code, status]);
    }
  });

  it('keeps a timeout (-4, not retried, as for the web) and anything else (-5) apart', () => {
    expect(sourceErrorStatus(coded('57014', 'canceling statement due to statement timeout'))).to.equal(FetchStatus.TIMEOUT);
    expect(sourceErrorStatus(coded('GREETING_TIMEOUT'))).to.equal(FetchStatus.TIMEOUT);
    expect(sourceErrorStatus(coded('42P01', 'relation "t" does not exist'))).to.equal(FetchStatus.RUNTIME_EXCEPTION);
    expect(sourceErrorStatus(new RangeError('Invalid string length'))).to.equal(FetchStatus.RUNTIME_EXCEPTION);
    expect(sourceErrorStatus('not an error')).to.equal(FetchStatus.RUNTIME_EXCEPTION);
  });
});
