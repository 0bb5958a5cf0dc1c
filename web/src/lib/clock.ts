/**
 * The browser's one «now»: the process clock of @proc/contract (the server's clock builds on the same one), so every
 * current instant of the web is read in one place. Durations use performance.now().
 */
export { now, nowMs } from '@proc/contract/clock';
