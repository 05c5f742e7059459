import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  errorMessage
} from "./chunk-WZ5PGY7U.js";
import {
  encodeCatalog
} from "./chunk-IQK4F3RV.js";
import "./chunk-SB3DEY2U.js";

// src/cli/catalog-refresh.ts
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
async function catalogRefreshCommand(region, out, cwd) {
  if (!region)
    return {
      exitCode: 2,
      stdout: "",
      stderr: "karpenter-plan: catalog refresh needs --region (e.g. --region ap-northeast-2)\n"
    };
  let refreshCatalog;
  try {
    ({ refreshCatalog } = await import("./aws-catalog-3LDMHABZ.js"));
  } catch (e) {
    return {
      exitCode: 2,
      stdout: "",
      stderr: `karpenter-plan: catalog refresh needs the AWS SDK packages (npm install): ${errorMessage(e)}
`
    };
  }
  const log = [];
  try {
    const catalog = await refreshCatalog({ region, log: (m) => log.push(m) });
    const file = resolve(cwd, out ?? `catalog-${region}.json`);
    writeFileSync(file, JSON.stringify(encodeCatalog(catalog)) + "\n");
    return {
      exitCode: 0,
      stdout: `${log.join("\n")}
catalog: ${catalog.types.length} instance types for ${region} written to ${file}
`,
      stderr: ""
    };
  } catch (e) {
    return { exitCode: 2, stdout: "", stderr: `karpenter-plan: catalog refresh failed: ${errorMessage(e)}
` };
  }
}
export {
  catalogRefreshCommand
};
