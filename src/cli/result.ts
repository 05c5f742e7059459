/** What a CLI command returns: its exit code (0 pass, 1 policy failed, 2 usage or input error) and its output. */
export interface CliResult {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}
