// pages only: the shell's route table (web/src/app/SignedIn.tsx) loads it as a chunk of its own
export { default as DocumentationPage } from './DocumentationPage';
