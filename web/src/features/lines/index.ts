export { default as LinesCard } from './LinesCard';
