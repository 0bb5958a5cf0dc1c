import type { Module } from '../../platform/module';
import { seedDemo } from './seed-demo';
import { seedDemoProcurements } from './seed-demo-procurements';
import { seedDemo44 } from './seed-demo-44';
import { defineDemoContractsJob, queueDemoContracts } from './demo-contracts';

export const demoModule: Module = { name: 'demo', seed: seedDemo, jobs: defineDemoContractsJob, started: queueDemoContracts };

/** The demo company's procurements and documentation: seeded once rules, procurements and documentation are in place. */
export const demoProcurementsModule: Module = { name: 'demo-procurements', seed: seedDemoProcurements };

/** The budget institution (44-ФЗ): its план-график and a purchase with its НМЦК justified — after eis and nmck are in place. */
export const demo44Module: Module = { name: 'demo-44', seed: seedDemo44 };
