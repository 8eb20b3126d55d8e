export { LogsView } from './logs-view';
