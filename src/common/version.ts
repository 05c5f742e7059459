/** The tool's version, from package.json (bundled into dist/ at build time). */
import pkg from '../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
