export { RealtimeView } from './realtime-view';
