import type { Module } from '../../platform/module';
import { seedDemo } from './seed-demo';
import { seedDemoProcurements } from './seed-demo-procurements';
import { defineDemoContractsJob, queueDemoContracts } from './demo-contracts';

export const demoModule: Module = { name: 'demo', seed: seedDemo, jobs: defineDemoContractsJob, started: queueDemoContracts };

/** The demo company's procurements and documentation: seeded once rules, procurements and documentation are in place. */
export const demoProcurementsModule: Module = { name: 'demo-procurements', seed: seedDemoProcurements };
