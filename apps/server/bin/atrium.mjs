#!/usr/bin/env node
// Runs the TypeScript sources directly: `npm install` is the only build step the server needs.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
