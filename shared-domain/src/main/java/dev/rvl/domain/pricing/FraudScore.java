package dev.rvl.domain.pricing;

/**
 * The fraud partner's answer: {@code {"score": 0..100}}.
 *
 * @param score risk score; 80 or more rejects the order
 */
public record FraudScore(int score) {
}
