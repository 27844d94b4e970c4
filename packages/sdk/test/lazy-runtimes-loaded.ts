// The runtimes the clients load on first use (src/runtimes/lazy-runtimes.ts), loaded before each
// file: the files of a project share a worker and its modules (vitest.config.ts `isolate`), and a
// client made at the end of one file must not leave their import in flight for the next one to
// await after vitest has ended the first file's environment (EnvironmentTeardownError).
await import('../src/runtimes/sign-in-runtime')
await import('../src/runtimes/xapp/xapp-runtime')
