// `node scripts/dev-memory.mjs`: the resident memory of a running `make dev` stack, per part and
// in total (Linux only: it reads /proc). Each part runs in a process group of its own (the web
// app's esbuild and the embedded Postgres's backends included), found through the process
// listening on the part's standard port; `make dev` itself is the group of the process that
// started them. The figures in docs/performance.md come from this script.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

const PARTS = [
  ['auth', 50051],
  ['files', 50052],
  ['resume', 50053],
  ['employer', 50054],
  ['recruitment', 50055],
  ['billing', 50057],
  ['gateway', 8080],
  ['web', 3000],
  ['postgres', 54329],
];

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Every process: pid, parent, process group and resident set size in bytes. */
function processes() {
  const list = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    const status = read(`/proc/${name}/status`);
    if (!stat || !status) continue;
    // The command name sits in parentheses and may contain spaces: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    // Proportional set size: shared pages (Postgres's shared buffers, the node binary) divided
    // among the processes sharing them, so the sum over many processes does not count them twice.
    const pss = Number(/^Pss:\s+(\d+) kB/m.exec(read(`/proc/${name}/smaps_rollup`) ?? '')?.[1] ?? 0) * 1024;
    list.push({ pid: Number(name), ppid: Number(fields[1]), pgid: Number(fields[2]), rss, pss });
  }
  return list;
}

/** The socket inode listening on 127.0.0.1/0.0.0.0/:: at `port`, from /proc/net/tcp{,6}. */
function listeningInodes() {
  const byPort = new Map();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(file) ?? '').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length < 10 || columns[3] !== '0A') continue; // 0A: LISTEN
      byPort.set(Number.parseInt(columns[1].split(':').at(-1), 16), columns[9]);
    }
  }
  return byPort;
}

function pidOwningSocket(inode) {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${name}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${name}/fd/${fd}`) === `socket:[${inode}]`) return Number(name);
      } catch {
        // gone meanwhile
      }
    }
  }
  return undefined;
}

/** `group` and every process started under it (Postgres's backends start sessions of their own). */
function withDescendants(all, group) {
  const found = new Set(group);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!found.has(p) && [...found].some((q) => q.pid === p.ppid)) {
        found.add(p);
        grew = true;
      }
    }
  }
  return [...found];
}

const sum = (group, field) => group.reduce((total, p) => total + p[field], 0);
const mb = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;

const all = processes();
const inodes = listeningInodes();
const rows = [];
const parents = new Set();
for (const [part, port] of PARTS) {
  const inode = inodes.get(port);
  const pid = inode && pidOwningSocket(inode);
  if (!pid) {
    rows.push([part]);
    continue;
  }
  const pgid = all.find((p) => p.pid === pid).pgid;
  const group = withDescendants(
    all,
    all.filter((p) => p.pgid === pgid),
  );
  rows.push([part, sum(group, 'rss'), sum(group, 'pss'), group.length, new Set(group.map((p) => p.pid))]);
  // The group leader's parent is the `make dev` process that started the part.
  const leader = all.find((p) => p.pid === pgid);
  if (leader && part !== 'postgres') parents.add(leader.ppid);
}
for (const pid of parents) {
  const pgid = all.find((p) => p.pid === pid)?.pgid;
  const group = all.filter((p) => p.pgid === pgid && !rows.some((row) => row[4]?.has(p.pid)));
  rows.push(['make dev', sum(group, 'rss'), sum(group, 'pss'), group.length]);
}

console.log(`${'part'.padEnd(12)} ${'RSS'.padStart(8)} ${'PSS'.padStart(8)}  processes`);
let totalRss = 0;
let totalPss = 0;
for (const [part, rss, pss, count] of rows) {
  if (rss === undefined) {
    console.log(`${part.padEnd(12)} not running`);
    continue;
  }
  totalRss += rss;
  totalPss += pss;
  console.log(`${part.padEnd(12)} ${mb(rss).padStart(8)} ${mb(pss).padStart(8)}  ${count}`);
}
console.log(`${'total'.padEnd(12)} ${mb(totalRss).padStart(8)} ${mb(totalPss).padStart(8)}`);
