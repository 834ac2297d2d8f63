/**
 * The readability comparison of the two apps: {@link dev.rvl.readability.UseCases} says
 * which code implements each use case in each app, {@link dev.rvl.readability.Sources}
 * extracts it with JavaParser, {@link dev.rvl.readability.CodeMetrics} measures it (with
 * {@link dev.rvl.readability.Cognitive}, PMD's cognitive complexity, and
 * {@link dev.rvl.readability.Constructs}, error paths and concurrency constructs counted
 * alike in both styles), and {@link dev.rvl.readability.ReadabilityReport} writes
 * {@code docs/readability.html}, {@code docs/readability-findings.md} and the README's
 * readability section. {@code ./readability/regenerate.sh} regenerates all of it.
 */
package dev.rvl.readability;
