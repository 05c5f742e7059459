/**
 * A test/support script kept running for a whole suite: started with `--serve` on the first batch and reused by the
 * next ones, because loading its libraries (jsdom, Mermaid, marked) is most of a check's cost. The script reads one JSON
 * array per line of stdin and answers each with one line of stdout holding a JSON array of results, in order. Call
 * `close()` in afterAll.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';

export class ServedScript<In, Out> {
  private child: ChildProcessWithoutNullStreams | null = null;
  private lines: Interface | null = null;
  private waiting: ((line: string) => void)[] = [];
  private stderr = '';
  /** One batch at a time: answers come back in order, one line each. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly script: string) {}

  run(batch: In[]): Promise<Out[]> {
    const run = this.queue.then(() => this.ask(batch));
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
    const child = spawn(process.execPath, [this.script, '--serve'], { stdio: 'pipe' });
    child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString('utf8')));
    child.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w(JSON.stringify({ exited: code, stderr: this.stderr }));
    });
    this.lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    this.lines.on('line', (line) => this.waiting.shift()?.(line));
    this.child = child;
  }

  private ask(batch: In[]): Promise<Out[]> {
    if (!this.child) this.start();
    return new Promise((resolve, reject) => {
      this.waiting.push((line) => {
        const answer = JSON.parse(line) as Out[] | { exited: number; stderr: string };
        if (Array.isArray(answer)) resolve(answer);
        else reject(new Error(`${this.script} exited (${answer.exited}): ${answer.stderr}`));
      });
      this.child!.stdin.write(`${JSON.stringify(batch)}\n`);
    });
  }
}
