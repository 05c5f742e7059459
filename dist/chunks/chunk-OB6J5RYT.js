import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);

// src/run/compile-cache.ts
import module from "node:module";
function enableCompileCache() {
  module.enableCompileCache?.();
}

export {
  enableCompileCache
};
