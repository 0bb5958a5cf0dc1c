// pages only: the shell's route table (web/src/app/SignedIn.tsx) loads each of them as a chunk of its own
export { default as ProfileLayout } from './ProfileLayout';
export { default as MyProfilePage } from './MyProfilePage';
export { default as EisSettingsPage } from './EisSettingsPage';
export { default as CompaniesPage } from './CompaniesPage';
