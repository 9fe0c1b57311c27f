#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (no build step for the Node packages).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/index.ts');
process.exitCode = await main(process.argv.slice(2), process.stdout, process.stderr, process.env);
