#!/usr/bin/env node
// The `crucible` command. The project runs TypeScript directly: register tsx, then load the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
