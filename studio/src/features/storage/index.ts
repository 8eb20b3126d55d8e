export { StorageView } from './storage-view';
