/** Where test/support/global-setup.mjs writes the action bundle it builds once per test run. */
import { resolve } from 'node:path';

export const TEST_BUNDLE = resolve('.tmp/test-bundle/index.mjs');
