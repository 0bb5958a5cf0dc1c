import type { Module } from '../../platform/module';
import { seedDemo } from './seed-demo';

export const demoModule: Module = { name: 'demo', seed: seedDemo };
