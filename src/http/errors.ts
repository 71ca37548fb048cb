/**
 * One error type for every refusal. The error handler turns it into the body of CONTRACT.md
 * section 3: { statusCode, error, message, code }. `code` is a stable machine-readable reason.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code = 'BAD_REQUEST'): AppError {
    return new AppError(400, code, message);
  }

  static unauthorized(message = 'Missing or invalid credentials', code = 'UNAUTHORIZED'): AppError {
    return new AppError(401, code, message);
  }

  static forbidden(message = 'Not allowed', code = 'FORBIDDEN'): AppError {
    return new AppError(403, code, message);
  }

  static notFound(message: string, code = 'NOT_FOUND'): AppError {
    return new AppError(404, code, message);
  }

  static conflict(message: string, code = 'CONFLICT'): AppError {
    return new AppError(409, code, message);
  }
}
