/**
 * Scenarios (chains of requests) and their deterministic feeders drawn from the seed.
 */
package dev.rvl.gatling.scenarios;
