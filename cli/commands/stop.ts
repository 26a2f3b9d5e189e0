// Ctrl-C (or SIGTERM) during a long run: the first stops after the work in
// flight, leaving every output resumable; a second quits at once. The run
// sees an AbortSignal; the process exits 130 / 143, as a shell reports a
// signalled run, when the run comes back incomplete.
export async function withStopSignal(what: string, run: (signal: AbortSignal) => Promise<boolean>): Promise<void> {
  const stop = new AbortController();
  let exitCode = 0;
  const onSignal = (code: number) => (): void => {
    if (stop.signal.aborted) process.exit(code);
    exitCode = code;
    process.stderr.write(`\n${what}: stopping after the micro-architectures in flight (Ctrl-C again to quit now); rerun the same command to resume\n`);
    stop.abort();
  };
  const onSigint = onSignal(130);
  const onSigterm = onSignal(143);
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  try {
    const complete = await run(stop.signal);
    // 0 only for complete work.
    if (!complete) process.exitCode = exitCode || 1;
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}
