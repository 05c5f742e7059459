// Prints the CHANGELOG section of one release, for the GitHub release's body (Keep a Changelog format):
//   node scripts/release-notes.mjs [--changelog CHANGELOG.md] [--check-package] VERSION|vVERSION
// The section is everything between `## [VERSION]` (optionally followed by ` - DATE`) and the next `## ` heading,
// without link reference definitions.
// Fails (exit 1) when the section is missing or empty, or, with --check-package, when VERSION is not package.json's.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const USAGE = 'usage: node scripts/release-notes.mjs [--changelog FILE] [--check-package] VERSION\n';

/** The body of the `## [version]` section of a Keep a Changelog file, trimmed; null when there is none. */
export function releaseNotes(changelog, version) {
  const lines = changelog.split(/\r?\n/);
  const heading = /^## \[([^\]]+)\](?:\s.*)?$/;
  const start = lines.findIndex((l) => heading.exec(l)?.[1] === version);
  if (start < 0) return null;
  let end = start + 1;
  while (end < lines.length && !/^## /.test(lines[end])) end++;
  // Link reference definitions (`[0.2.0]: https://…compare/…`) close the file in Keep a Changelog; they are not notes.
  const body = lines
    .slice(start + 1, end)
    .filter((l) => !/^\[[^\]]+\]:\s+\S+$/.test(l))
    .join('\n')
    .trim();
  return body || null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        changelog: { type: 'string', default: 'CHANGELOG.md' },
        'check-package': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    process.stderr.write(`release-notes: ${e.message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) {
    process.stderr.write(`release-notes: one VERSION is required\n${USAGE}`);
    process.exit(2);
  }
  const version = positionals[0].replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    process.stderr.write(`release-notes: ${positionals[0]} is not a version X.Y.Z\n`);
    process.exit(2);
  }
  if (values['check-package']) {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')).version;
    if (pkg !== version) {
      process.stderr.write(`release-notes: the tag says ${version} but package.json says ${pkg}\n`);
      process.exit(1);
    }
  }
  const notes = releaseNotes(readFileSync(values.changelog, 'utf8'), version);
  if (!notes) {
    process.stderr.write(`release-notes: ${values.changelog} has no (or an empty) "## [${version}]" section\n`);
    process.exit(1);
  }
  process.stdout.write(notes + '\n');
}
