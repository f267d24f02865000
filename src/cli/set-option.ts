import type { CliOption } from './cli-command.js';

/** `--set bean.path=value`, shared by the commands that read a job: checked here, applied by verifyJob. */
export const SET_OPTION = {
  value: 'bean.path=value',
  repeatable: true,
  description: "override a property after the file's own overrides",
  check: (s: string) => (/^[^=.]+\.[^=]+=/.test(s) ? undefined : `--set expects beanId.property=value, got "${s}"`),
} as const satisfies CliOption;
