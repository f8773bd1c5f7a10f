// The `svc` command: finds the command named by the leading words and runs it.
import { accountCreateCommand, accountReleaseCommand } from './accounts.js';
import { keyCreateCommand, keyListCommand, keyRevokeCommand, keySetCommand } from './keys.js';
import { cleanCommand } from './clean.js';
import { recordsCommand, usageCommand } from './calls.js';
import {
  creditListCommand,
  creditReconcileCommand,
  creditRefuseCommand,
  creditReleaseCommand,
  creditStuckCommand,
} from './credit.js';
import { creditGrantCommand } from './credit-grant.js';
import { creditResolveCommand } from './credit-resolve.js';
import { type CliCommand, UsageError } from './command.js';
import { migrateCommand } from './migrate.js';
import { orgMemberCommand, orgSetCommand, orgShowCommand } from './orgs.js';
import { serveCommand } from './serve.js';
import { userCreateCommand, userSetCommand } from './users.js';
import { insightsCleanupCommand, tenantCreateCommand } from './tenants.js';
import { workerCommand } from './worker.js';
import { vitrineCollectCommand } from './vitrine.js';

export const COMMANDS: CliCommand[] = [
  serveCommand,
  migrateCommand,
  cleanCommand,
  accountCreateCommand,
  accountReleaseCommand,
  keyCreateCommand,
  keySetCommand,
  keyListCommand,
  keyRevokeCommand,
  orgSetCommand,
  orgMemberCommand,
  orgShowCommand,
  usageCommand,
  recordsCommand,
  tenantCreateCommand,
  insightsCleanupCommand,
  userCreateCommand,
  userSetCommand,
  creditListCommand,
  creditReleaseCommand,
  creditRefuseCommand,
  creditReconcileCommand,
  creditStuckCommand,
  creditResolveCommand,
  creditGrantCommand,
  workerCommand,
  vitrineCollectCommand,
];

function overview(commands = COMMANDS, usage = 'svc <command>'): string {
  const width = Math.max(...commands.map((c) => c.path.join(' ').length));
  return [
    `Usage: ${usage} [options]`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    'Run `svc <command> --help` for the options of one command.',
  ].join('\n');
}

/** The commands of a group such as `key` (`key create`, `key revoke`), when argv names one. */
function group(argv: string[]): CliCommand[] {
  const word = argv[0];
  return COMMANDS.filter((c) => c.path.length > 1 && c.path[0] === word);
}

function find(argv: string[]): { command: CliCommand; rest: string[] } | undefined {
  // Longest path first, so `key create` wins over a hypothetical `key`.
  const sorted = [...COMMANDS].sort((a, b) => b.path.length - a.path.length);
  for (const command of sorted) {
    if (command.path.every((word, i) => argv[i] === word))
      return { command, rest: argv.slice(command.path.length) };
  }
  return undefined;
}

const isHelp = (word: string | undefined) => word === '--help' || word === '-h';

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || isHelp(argv[0]) || argv[0] === 'help') {
    process.stdout.write(overview() + '\n');
    return argv.length === 0 ? 2 : 0;
  }
  const found = find(argv);
  const members = group(argv);
  if (!found && members.length > 0 && (argv.length === 1 || isHelp(argv[1]))) {
    process.stdout.write(`${overview(members, `svc ${argv[0]} <command>`)}\n`);
    return argv.length === 1 ? 2 : 0;
  }
  if (!found) {
    const help = members.length > 0 ? overview(members, `svc ${argv[0]} <command>`) : overview();
    process.stderr.write(`svc: unknown command "${argv.join(' ')}"\n\n${help}\n`);
    return 2;
  }
  if (found.rest.some(isHelp)) {
    process.stdout.write(found.command.usage + '\n');
    return 0;
  }
  try {
    return await found.command.run(found.rest);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(
        `svc ${found.command.path.join(' ')}: ${(err as Error).message}\n(see svc ${found.command.path.join(' ')} --help)\n`,
      );
      return 2;
    }
    throw err;
  }
}
