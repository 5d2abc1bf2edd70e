#!/usr/bin/env node
// `npm run test:sweep`: the checks that render pages, over every page instead of one of each kind (npm test's choice,
// src/lib/page-kinds.mjs): the layout rules at five widths, axe, the page without JavaScript, the policy and console
// once every island has run, and Lighthouse. It builds both builds first, then runs each check in turn (each needs the
// machine: Lighthouse measures time, the others wait on pages), and prints their times. The scheduled workflow
// (.github/workflows/sweep.yml) runs it every night.
//   node scripts/sweep.mjs
import { runStages } from './test-all.mjs';

process.env.CHECK_EVERY_PAGE = '1';
console.log(`The sweep over every page, on Node ${process.version}`);
const ok = await runStages([[['build', 'build:test']], [['test:layout']], [['test:e2e:pages']], [['test:lighthouse']]]);
process.exit(ok ? 0 : 1);
