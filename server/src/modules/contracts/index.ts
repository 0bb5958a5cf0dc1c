import type { Module } from '../../platform/module';
import { executionRoutes } from './routes';
import { defineExecutionJobs } from './jobs';

/** Исполнение договоров: УПД, платёжные поручения, доли поставки и оплаты, отчёты, сводка. */
export const executionModule: Module = { name: 'execution', routes: executionRoutes, jobs: defineExecutionJobs };
