/**
 * Partner stub: plays the slow third-party partner APIs that both order apps call over
 * HTTP, so that a benchmark measures the apps and never the stub.
 * <p>
 * Two partner endpoints answer deterministically ({@code GET /fraud/score},
 * {@code GET /shipping/quote}) after a configured latency that is waited for with a
 * timer, never with a sleeping thread. Faults (added latency, error responses, hangs) are
 * switched at run time through {@code /admin/faults}. Actuator exposes {@code health} and
 * {@code prometheus}, including a latency histogram of the stub's own requests.
 */
package dev.rvl.partner;
