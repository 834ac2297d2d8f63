package dev.rvl.domain.problem;

/**
 * One failed validation rule.
 *
 * @param field the offending field, e.g. {@code lines[0].quantity}
 * @param message what is wrong with it
 */
public record Violation(String field, String message) {
}
