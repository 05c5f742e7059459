/**
 * V8's compile cache for the bundle (module.enableCompileCache, Node ≥ 22.1; the action runs on Node 24): the
 * bytecode of the modules compiled in one run is kept on disk (in NODE_COMPILE_CACHE, else the OS temporary directory)
 * and read by the next run instead of compiling ~2 MB of JavaScript again. It must be on before those modules are
 * loaded: the entry points (cli/bin.ts, github/bin.ts) turn it on, then load the rest with import(). Node 20 has no
 * such cache: nothing happens there. NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node reads it).
 */
import module from 'node:module';

export function enableCompileCache(): void {
  // Node reports a cache it cannot open or write in the result, and runs on without it.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}
