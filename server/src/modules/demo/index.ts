import type { Module } from '../../platform/module';
import { seedDemo } from './seed-demo';
import { defineDemoContractsJob, queueDemoContracts } from './demo-contracts';

export const demoModule: Module = { name: 'demo', seed: seedDemo, jobs: defineDemoContractsJob, started: queueDemoContracts };
