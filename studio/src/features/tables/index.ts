export { TablesView } from './tables-view';
export { RowsBrowser } from './rows-browser';
