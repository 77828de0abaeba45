/** The inbox's requests taken in, for a Stop that has some (see load-deciders.ts). */
export { takeInbox } from '../app/take-inbox.js';
export { withInboxWords } from './render/inbox-words.js';
