export { DatabaseView } from './database-view';
