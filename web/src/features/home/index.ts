// pages only: the shell's route table (web/src/app/SignedIn.tsx) loads each of them as a chunk of its own
export { default as HomePage } from './HomePage';
