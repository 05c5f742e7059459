import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  enableCompileCache
} from "./chunks/chunk-OB6J5RYT.js";
import "./chunks/chunk-SB3DEY2U.js";

// src/github/bin.ts
enableCompileCache();
var { runAction } = await import("./chunks/action-24Q7EIAE.js");
await runAction();
