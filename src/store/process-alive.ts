/**
 * Whether process `pid` still runs on this host (signal 0 checks without sending): how a lock or a
 * file a process keeps beside the data (store lock, outage journal, delivery ledger) is told to be
 * left by one that is gone.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
