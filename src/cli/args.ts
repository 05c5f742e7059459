/**
 * The command line, parsed with node:util parseArgs after a check of its own: an unknown command or option, an option
 * the command does not take, or an option without its value is one line that says which, with the nearest known name
 * (a did-you-mean), never the whole help.
 */
import { parseArgs } from 'node:util';
import { closest } from '../common/distance.js';
import { COMMAND_OPTIONS, COMMANDS, OPTIONS, type OptionName } from './help.js';

export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help the error points to (undefined: the global help). */
    readonly command?: string,
  ) {
    super(message);
  }
}

export type Values = Record<string, string | string[] | boolean | undefined>;

export interface CommandLine {
  values: Values;
  positionals: string[];
  command: string | undefined;
}

const SHORT = new Map(
  Object.entries(OPTIONS).flatMap(([name, o]) => ('short' in o ? [[o.short as string, name] as const] : [])),
);
const ALWAYS: readonly string[] = ['help', 'version'];

/** The command of a command line: its first positional (an option's value is not one). */
function commandOf(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return argv[i + 1];
    if (a.startsWith('--')) {
      const name = a.slice(2).split('=')[0];
      if (!a.includes('=') && (OPTIONS as Record<string, { type: string }>)[name]?.type === 'string') i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    return a;
  }
  return undefined;
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  const command = commandOf(argv);
  const known = command !== undefined && Object.hasOwn(COMMAND_OPTIONS, command);
  const allowed = new Set<string>([...ALWAYS, ...(known ? COMMAND_OPTIONS[command] : Object.keys(OPTIONS))]);
  const forHelp = known ? command : undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    let name: string | undefined;
    if (a.startsWith('--')) name = a.slice(2).split('=')[0];
    else if (/^-[^-]/.test(a)) {
      const short = SHORT.get(a[1]);
      if (!short) throw new UsageError(`unknown option ${a}${suggestion(a.slice(1), allowed, '--')}`, forHelp);
      name = short;
    }
    if (name === undefined) continue;
    const option = (OPTIONS as Record<string, { type: string } | undefined>)[name];
    if (!option) throw new UsageError(`unknown option --${name}${suggestion(name, allowed, '--')}`, forHelp);
    if (!allowed.has(name))
      throw new UsageError(`${command} does not take --${name}${suggestion(name, allowed, '--', name)}`, forHelp);
    if (option.type === 'string' && !a.includes('=')) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-'))
        throw new UsageError(`option --${name} needs a value`, forHelp);
      i++;
    }
  }
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  return { values: values as Values, positionals, command };
}

/** ` (did you mean --format?)`, or nothing when no known name is close. */
function suggestion(word: string, candidates: Iterable<string>, prefix: string, exclude?: string): string {
  const c = closest(
    word,
    [...candidates].filter((x) => x !== exclude),
  );
  return c ? ` (did you mean ${prefix}${c}?)` : '';
}

/** An unknown command, with the nearest command. */
export function unknownCommand(command: string): UsageError {
  const c = closest(command, COMMANDS);
  return new UsageError(`unknown command "${command}"${c ? ` (did you mean ${c}?)` : ''}`);
}

export type { OptionName };
