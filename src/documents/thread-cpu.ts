// The CPU time one worker thread has used, for the PDF pool's per-page budget. pdf.js holds
// its thread's event loop for as long as a page takes (a timer inside the thread does not
// fire until the page is done), so the budget is kept from the main thread. On Linux each
// thread has its own clock in /proc: the thread tells its kernel id once (`threadTid`, run on
// the thread), and the pool reads that thread's user + system time. Elsewhere the pool falls
// back to the time the thread's event loop was busy (wall time, so a loaded machine uses the
// budget up sooner).
import { readFileSync, readlinkSync } from 'node:fs';

/** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** This thread's kernel id, or undefined when /proc cannot tell (not Linux). */
export function threadTid(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isSafeInteger(tid) ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds of CPU the thread `tid` of this process has used, or undefined if it is gone. */
export function threadCpuMs(tid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    // Fields after the command name (which may hold spaces and parentheses): utime is the
    // 14th field of the line, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
