// Runs one command of the bundled CLI (or the parse baseline) in this process and reports, on exit, its CPU time
// and peak RSS as JSON on stderr's last line: node bench/measure.mjs cli ARGS... | node bench/measure.mjs parse FILES...
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [mode, ...args] = process.argv.slice(2);
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(
    `\n${JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKb: u.maxRSS })}\n`,
  );
});
if (mode === 'parse') {
  // What merely reading the inputs costs: the yaml package on every YAML file, JSON.parse on the fleet.
  const { parseAllDocuments } = await import(resolve('node_modules/yaml/dist/index.js'));
  for (const f of args) {
    const text = readFileSync(f, 'utf8');
    if (f.endsWith('.json')) JSON.parse(text);
    else for (const d of parseAllDocuments(text)) d.toJS();
  }
} else {
  process.argv = [process.argv[0], 'karpenter-plan', ...args];
  await import(resolve('dist/cli.js'));
}
