/**
 * Entry point of the GitHub Action (bundled to dist/index.js): V8's compile cache on (run/compile-cache.ts; it helps
 * runners that run the action more than once, and costs nothing measurable on a fresh one), then the action, loaded by
 * import() so that its modules are compiled with the cache on.
 */
import { enableCompileCache } from '../run/compile-cache.js';

enableCompileCache();
const { runAction } = await import('./action.js');
await runAction();
