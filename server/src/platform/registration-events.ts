import type { Deps } from './context';

/**
 * What happens to an application for registration, told to whoever listens (the operators' tasks and the applicant's
 * mail live in the approvals module, above auth). A listener's failure never undoes the application or its decision.
 */
export type RegistrationEvent =
  | { type: 'created'; id: number; companyTitle: string }
  | {
      type: 'decided';
      id: number;
      email: string;
      userTitle: string;
      login: string;
      companyTitle: string;
      approved: boolean;
      reason: string | null;
    };

type Listener = (deps: Deps, e: RegistrationEvent) => Promise<void>;
const listeners: Listener[] = [];

export function onRegistrationEvent(l: Listener): void {
  if (!listeners.includes(l)) listeners.push(l);
}

export async function emitRegistrationEvent(deps: Deps, e: RegistrationEvent): Promise<void> {
  for (const l of listeners) await l(deps, e).catch(() => undefined);
}
