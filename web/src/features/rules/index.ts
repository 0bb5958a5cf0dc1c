// pages only: the shell's route table (web/src/app/SignedIn.tsx) loads each of them as a chunk of its own
export { default as RulesPage } from './RulesPage';
export { default as VersionsPage } from './VersionsPage';
export { default as DocumentRulesPage } from './DocumentRulesPage';
