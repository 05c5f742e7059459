/**
 * The glob matcher behind the path patterns of Argo CD's generators and directory sources (their three flavours:
 * applicationset.ts goPathMatch, pathspecMatch, sourceGlobMatch). Patterns come from the pull request, so matching
 * takes time linear in pattern × name whatever the pattern, and brace expansions are capped.
 */

type GlobToken =
  { t: 'star' } | { t: 'one' } | { t: 'char'; c: string } | { t: 'class'; negate: boolean; body: string };

/** Braces `{a,b}` expanded into alternatives (at most 64: a pattern from a pull request stays cheap to match). */
function expandBraces(pattern: string): string[] | null {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  let depth = 0;
  const cuts: number[] = [];
  let close = -1;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) {
      close = i;
      break;
    } else if (pattern[i] === ',' && depth === 1) cuts.push(i);
  }
  if (close < 0) return null;
  const bounds = [open, ...cuts, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const rest = expandBraces(
      pattern.slice(0, open) + pattern.slice(bounds[k] + 1, bounds[k + 1]) + pattern.slice(close + 1),
    );
    if (!rest) return null;
    out.push(...rest);
    if (out.length > 64) return null;
  }
  return out;
}

function globTokens(pattern: string): GlobToken[] | null {
  const out: GlobToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' });
    } else if (c === '?') out.push({ t: 'one' });
    else if (c === '\\' && i + 1 < pattern.length) out.push({ t: 'char', c: pattern[++i] });
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) return null;
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith('^') || body.startsWith('!');
      if (negate) body = body.slice(1);
      out.push({ t: 'class', negate, body });
      i = end;
    } else out.push({ t: 'char', c });
  }
  return out;
}

function inClass(body: string, ch: string): boolean {
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      if (ch >= body[i] && ch <= body[i + 2]) return true;
      i += 2;
    } else if (body[i] === ch) return true;
  }
  return false;
}

/**
 * Glob matching by dynamic programming (time linear in pattern × name, whatever the pattern: the patterns come from
 * the pull request): `*` is any run of characters (never `/` unless `slash`), `?` one, `[...]` a class, `\\x` the
 * character x, and with `braces`, `{a,b}` either alternative. A malformed pattern matches nothing.
 */
export function globMatch(pattern: string, name: string, opts: { slash: boolean; braces: boolean }): boolean {
  if (pattern.length > 1024) return false;
  const alternatives = opts.braces ? expandBraces(pattern) : [pattern];
  if (!alternatives) return false;
  return alternatives.some((alt) => {
    const tokens = globTokens(alt);
    if (!tokens) return false;
    // can[j]: the first i characters of name match the first j tokens.
    let can = new Array<boolean>(tokens.length + 1).fill(false);
    can[0] = true;
    for (let j = 0; j < tokens.length && tokens[j].t === 'star'; j++) can[j + 1] = true;
    for (const ch of name) {
      const next = new Array<boolean>(tokens.length + 1).fill(false);
      for (let j = 0; j < tokens.length; j++) {
        const tok = tokens[j];
        const okChar = opts.slash || ch !== '/';
        if (tok.t === 'star') {
          if ((can[j + 1] || can[j]) && okChar) next[j + 1] = true;
        } else if (can[j]) {
          const m =
            tok.t === 'one' ? okChar : tok.t === 'char' ? tok.c === ch : okChar && inClass(tok.body, ch) !== tok.negate;
          if (m) next[j + 1] = true;
        }
        // A star may match nothing: carry a match over it.
        if (tok.t === 'star' && next[j]) next[j + 1] = true;
      }
      can = next;
    }
    return can[tokens.length];
  });
}
