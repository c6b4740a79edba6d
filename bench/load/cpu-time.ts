import { readFileSync } from 'node:fs';

/**
 * CPU time, in clock ticks (USER_HZ, 100 a second on Linux), read from /proc: of the whole
 * machine, and of this process and its reaped children. Taken around a load run, it tells
 * how much CPU the system under test spent per request, whatever number of processes and
 * threads it spread that over, once the load generator's own time (a reaped child) and
 * this process's are taken out.
 */
export interface CpuTicks {
  machineBusy: number;
  self: number;
  reapedChildren: number;
}

export const TICKS_PER_SECOND = 100;

export function cpuTicks(): CpuTicks {
  // cpu  user nice system idle iowait irq softirq steal ...
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const { utime, stime, cutime, cstime } = processCpu('self');
  return {
    machineBusy: user! + nice! + system! + irq! + softirq! + steal!,
    self: utime + stime,
    reapedChildren: cutime + cstime,
  };
}

/** A process's CPU ticks from /proc: its own (user, system) and its reaped children's. */
function processCpu(pid: number | 'self'): { utime: number; stime: number; cutime: number; cstime: number } {
  // After the command name, which may hold spaces, field 14 is utime; 15 stime; 16 and 17 cutime, cstime.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { utime: fields[11]!, stime: fields[12]!, cutime: fields[13]!, cstime: fields[14]! };
}

/** CPU ticks (user + system) a process has used itself. */
export function processTicks(pid: number): number {
  const { utime, stime } = processCpu(pid);
  return utime + stime;
}

/** Between two readings: CPU seconds the load generator used, and the rest of the machine but this process. */
export function cpuSpent(before: CpuTicks, after: CpuTicks): { loadGeneratorSeconds: number; systemUnderTestSeconds: number } {
  const loadGenerator = after.reapedChildren - before.reapedChildren;
  const rest = after.machineBusy - before.machineBusy - loadGenerator - (after.self - before.self);
  return { loadGeneratorSeconds: loadGenerator / TICKS_PER_SECOND, systemUnderTestSeconds: Math.max(0, rest) / TICKS_PER_SECOND };
}
