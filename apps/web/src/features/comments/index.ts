export { ItemComments } from './ItemComments';
export { useCommentCounts } from './comments.api';
