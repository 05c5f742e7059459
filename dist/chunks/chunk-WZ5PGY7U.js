import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);

// src/common/errors.ts
function errorMessage(e) {
  if (e instanceof Error) return e.message;
  return typeof e === "string" ? e : String(e);
}

export {
  errorMessage
};
