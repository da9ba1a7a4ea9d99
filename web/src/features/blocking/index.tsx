// Blocking (spec 002 §6, §8 "Blocking confirmations"): a block acts as the current blog. Two
// confirmations, word for word: blocking a blog, and blocking a message sender. Cancelling
// rejects quietly (nothing is sent, nothing is said). Block and Unblock of a blog read and set
// its `ignoring` in the blog store (useBlockToggle); a blocked blog's posts leave the open
// lists of posts at once, and come back once it is unblocked (useBlockedBlogs).
export { useBlockedBlogs } from './blockedBlogs';
export { BLOCK_SENDER_TEXT, blockBlogText, useBlocking, type Blocking } from './useBlocking';
export { useBlockToggle, type BlockToggle, type BlockToggleOutcome } from './useBlockToggle';
