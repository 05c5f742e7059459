/**
 * Mermaid's own parser for a whole suite: one child process (test/support/mermaid-parse.mjs --serve) started on the
 * first check and reused by the next ones — loading jsdom and Mermaid is most of a check's cost. Call `close()` in
 * afterAll.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';

export interface MermaidResult {
  ok: boolean;
  type?: string;
  error?: string;
}

export class MermaidParser {
  private child: ChildProcessWithoutNullStreams | null = null;
  private lines: Interface | null = null;
  private waiting: ((line: string) => void)[] = [];
  private stderr = '';
  /** One batch at a time: answers come back in order, one line each. */
  private queue: Promise<unknown> = Promise.resolve();

  parse(blocks: string[]): Promise<MermaidResult[]> {
    const run = this.queue.then(() => this.ask(blocks));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
  }

  private start(): void {
    const child = spawn(process.execPath, ['test/support/mermaid-parse.mjs', '--serve'], { stdio: 'pipe' });
    child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString('utf8')));
    child.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w(JSON.stringify({ exited: code, stderr: this.stderr }));
    });
    this.lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    this.lines.on('line', (line) => this.waiting.shift()?.(line));
    this.child = child;
  }

  private ask(blocks: string[]): Promise<MermaidResult[]> {
    if (!this.child) this.start();
    return new Promise((resolve, reject) => {
      this.waiting.push((line) => {
        const answer = JSON.parse(line) as MermaidResult[] | { exited: number; stderr: string };
        if (Array.isArray(answer)) resolve(answer);
        else reject(new Error(`mermaid-parse.mjs exited (${answer.exited}): ${answer.stderr}`));
      });
      this.child!.stdin.write(`${JSON.stringify(blocks)}\n`);
    });
  }
}
