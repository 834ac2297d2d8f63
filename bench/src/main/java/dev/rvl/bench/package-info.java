/**
 * The comparison runner: starts PostgreSQL (or uses a configured one) and the partner
 * stub, then for each variant resets the database, starts the app, warms it up, runs a
 * Gatling simulation against 127.0.0.1 while sampling every process once a second, stops
 * the app, and finally checks the harness and writes the report.
 * <p>
 * The metric math lives in small pure classes: {@link dev.rvl.bench.CounterRates},
 * {@link dev.rvl.bench.BucketQuantile}, {@link dev.rvl.bench.StepAggregator},
 * {@link dev.rvl.bench.Knee}, {@link dev.rvl.bench.HarnessCheck},
 * {@link dev.rvl.testsupport.PrometheusText}.
 */
package dev.rvl.bench;
