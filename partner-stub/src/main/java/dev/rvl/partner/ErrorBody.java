package dev.rvl.partner;

/**
 * Body of every error answer: {@code {"error": "..."}}.
 *
 * @param error what went wrong
 */
record ErrorBody(String error) {
}
