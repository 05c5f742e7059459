#!/usr/bin/env node
import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  enableCompileCache
} from "./chunks/chunk-OB6J5RYT.js";
import "./chunks/chunk-SB3DEY2U.js";

// src/cli/bin.ts
enableCompileCache();
var { main } = await import("./chunks/main-K7LN4G2B.js");
main();
