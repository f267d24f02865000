import { expect } from 'chai';
import { needsCapping } from './priority-capped-launcher.js';

describe('priorityCappedLauncher', () => {
  it('caps the browser only where it could raise its priority (CAP_SYS_NICE) and setpriv can drop that (CAP_SETPCAP)', () => {
    expect(needsCapping(0x1fffeffffffn), 'root: every capability').to.equal(true);
    // Docker's default set: CHOWN, DAC_OVERRIDE, FOWNER, FSETID, KILL, SETGID, SETUID, SETPCAP, NET_BIND_SERVICE, NET_RAW,
    // SYS_CHROOT, MKNOD, AUDIT_WRITE, SETFCAP.
    expect(needsCapping(0xa80425fbn), 'a container without CAP_SYS_NICE').to.equal(false);
    expect(needsCapping(1n << 23n), 'CAP_SYS_NICE without CAP_SETPCAP').to.equal(false);
    expect(needsCapping(0n), 'a user').to.equal(false);
  });
});
