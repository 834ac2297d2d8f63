/**
 * The readability comparison of the two apps: {@link dev.rvl.readability.UseCases} says
 * which code implements each use case in each app, {@link dev.rvl.readability.Sources}
 * extracts it with JavaParser, {@link dev.rvl.readability.CodeMetrics} measures it, and
 * {@link dev.rvl.readability.ReadabilityReport} writes {@code docs/readability.html} and
 * {@code docs/readability-findings.md}.
 */
package dev.rvl.readability;
