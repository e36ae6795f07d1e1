/**
 * Resident memory of another process (Linux): VmRSS sampled on a timer, plus the kernel's own high-water mark
 * (VmHWM), which catches a peak between two samples. The mark is reset through /proc/<pid>/clear_refs where the
 * kernel allows it, so it covers only the measured stretch.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 * 1024;

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null; // the process is gone, or this is not Linux
  }
}

/** Current RSS of `pid` in MB (null off Linux or once the process is gone). */
export function rssMb(pid: number): number | null {
  const kb = statusKb(pid, 'VmRSS');
  return kb === null ? null : (kb * 1024) / MB;
}

/** The command line of `pid` (to check that the sampled process is the one meant). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Child process ids of `pid` (started by any of its threads). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

export interface RssWindow {
  /** Highest sampled VmRSS, MB. */
  sampledPeakMb: number;
  /** The kernel's peak RSS over the window (VmHWM after a reset), when the reset worked; MB. */
  hwmPeakMb: number | null;
  /** max of the two. */
  peakMb: number;
  samples: number;
}

/** Samples `pid`'s RSS every `intervalMs` until stop() is called. */
export function sampleRss(pid: number, intervalMs = 100) {
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux >= 4.0, same user).
  let hwmReset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    hwmReset = true;
  } catch {
    hwmReset = false;
  }
  let peak = rssMb(pid) ?? 0;
  let sincePeak = peak;
  let samples = 1;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now === null) return;
    samples++;
    if (now > peak) peak = now;
    if (now > sincePeak) sincePeak = now;
  }, intervalMs);
  timer.unref();
  return {
    /** The highest sample since the previous mark (or the start), MB; starts the next stretch. */
    mark(): number {
      const now = rssMb(pid) ?? 0;
      const result = Math.max(sincePeak, now);
      sincePeak = now;
      return result;
    },
    stop(): RssWindow {
      clearInterval(timer);
      const last = rssMb(pid);
      if (last !== null && last > peak) peak = last;
      const hwmKb = hwmReset ? statusKb(pid, 'VmHWM') : null;
      const hwmPeakMb = hwmKb === null ? null : (hwmKb * 1024) / MB;
      return { sampledPeakMb: peak, hwmPeakMb, peakMb: Math.max(peak, hwmPeakMb ?? 0), samples };
    },
  };
}
