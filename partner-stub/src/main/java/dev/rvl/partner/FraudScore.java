package dev.rvl.partner;

/**
 * Answer of {@code GET /fraud/score}.
 *
 * @param score 0..100, higher is riskier
 */
record FraudScore(int score) {
}
