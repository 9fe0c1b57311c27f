/**
 * What this machine charges for the three things the test suite does most, so that a suite figure can be read
 * against the machine it was measured on (README, "How long it takes"): `node test/machine-check.mjs`.
 *
 * - JavaScript on one core: small objects and strings made and summed (V8's optimised code, its young generation);
 * - a page fault: memory touched for the first time (every new process, thread, PGlite and Chromium page does it);
 * - a system call (`fstat` of an open file).
 *
 * A fault's cost is what the process was charged per fault, user and system time together: on a virtual machine
 * the hypervisor's share of a fault shows up as either (the figures on this workplace's machines: README).
 *
 * Not a single hot loop: the README's earlier speed check (`for (i < 1e9) s = (s + i) | 0` in one call) took
 * either ~0.45 s or ~5 s on the same machine, run after run, depending on whether V8 entered the loop's optimised
 * code (concurrent on-stack replacement); with `--no-concurrent-osr` it took 0.45 s every time.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PAGE = 4096;
/** 256 MiB: enough pages that the loop around them is noise, small enough for any machine. */
const FAULT_BYTES = 256 * 1024 * 1024;
/** Rounds of the JavaScript work (each: 10,000 objects with a string, summed). */
const ROUNDS = 2000;
const SYSCALLS = 200_000;

/** CPU seconds (user + system) and minor faults of this process so far. */
function usage() {
  const u = process.resourceUsage();
  return { cpu: (u.userCPUTime + u.systemCPUTime) / 1e6, faults: u.minorPageFault };
}

function round(n) {
  const objects = [];
  for (let i = 0; i < n; i++) objects.push({ x: i, y: String(i) });
  return objects.reduce((sum, o) => sum + o.x + o.y.length, 0);
}

function javascript() {
  const t = performance.now();
  let sink = 0;
  for (let k = 0; k < ROUNDS; k++) sink += round(10_000);
  return { seconds: (performance.now() - t) / 1000, sink };
}

function pageFaults() {
  const before = usage();
  // Zeroed pages the kernel maps on first touch: one write per page.
  const bytes = new Uint8Array(FAULT_BYTES);
  for (let i = 0; i < FAULT_BYTES; i += PAGE) bytes[i] = 1;
  const after = usage();
  const faults = after.faults - before.faults;
  return {
    faults,
    microseconds: faults > 0 ? ((after.cpu - before.cpu) * 1e6) / faults : 0,
    sink: bytes[PAGE],
  };
}

function syscalls() {
  const fd = openSync(fileURLToPath(import.meta.url), 'r');
  const before = usage();
  for (let i = 0; i < SYSCALLS; i++) fstatSync(fd);
  const after = usage();
  closeSync(fd);
  return { microseconds: ((after.cpu - before.cpu) * 1e6) / SYSCALLS };
}

const js = javascript();
const fault = pageFaults();
const call = syscalls();
console.log(
  [
    `JavaScript (${ROUNDS} × 10,000 objects made and summed, one core): ${js.seconds.toFixed(2)} s`,
    `page fault (first touch, ${fault.faults} pages): ${fault.microseconds.toFixed(1)} µs of CPU each`,
    `system call (fstat, with Node's binding): ${call.microseconds.toFixed(1)} µs of CPU each`,
  ].join('\n'),
);
