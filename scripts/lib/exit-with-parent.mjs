// Loaded (--import) into every part the stack starts, whose stdin is a pipe the stack holds.
// When the stack's process ends in any way, SIGKILL included, the pipe closes and the part
// stops its own process group as a SIGTERM would: no orphaned service is left holding its
// database connections and port.
process.stdin.on('end', () => {
  try {
    process.kill(-process.pid, 'SIGTERM');
  } catch {
    process.kill(process.pid, 'SIGTERM');
  }
});
process.stdin.resume();
// The pipe alone must not keep a part alive that is otherwise done.
process.stdin.unref();
