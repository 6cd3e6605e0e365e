export { ItemComments, type ItemCommentsProps } from './ItemComments';
export { useCommentCounts } from './comments.api';
