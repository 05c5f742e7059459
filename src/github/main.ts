/** Entry point of the GitHub Action (bundled to dist/index.js). */
import { runAction } from './action.js';

await runAction();
