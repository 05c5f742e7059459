#!/usr/bin/env node
/**
 * Entry point of the `karpenter-plan` command (bundled to dist/cli.js): V8's compile cache on
 * (run/compile-cache.ts), then the CLI (./main.ts), loaded by import() so that its modules are compiled with the cache
 * on.
 */
import { enableCompileCache } from '../run/compile-cache.js';

enableCompileCache();
const { main } = await import('./main.js');
main();
