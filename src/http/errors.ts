/** The error catalogue and AppError live in platform (the write path refuses units with them); re-exported for HTTP code. */
export * from '../platform/errors.js';
