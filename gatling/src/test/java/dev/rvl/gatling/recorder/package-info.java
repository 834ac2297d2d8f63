/**
 * The per-second time-series recorder: every request's outcome and latency into
 * HdrHistogram buckets, written as CSV and histogram log when the simulation ends.
 */
package dev.rvl.gatling.recorder;
