/**
 * Gatling simulations shared by both apps, one per injection profile
 * ({@link dev.rvl.gatling.StairsSimulation},
 * {@link dev.rvl.gatling.ConcurrencyRampSimulation},
 * {@link dev.rvl.gatling.SpikeSimulation}, {@link dev.rvl.gatling.SoakSimulation},
 * {@link dev.rvl.gatling.BulkIngestSimulation}); request builders in {@code endpoints},
 * chains and feeders in {@code scenarios}, the injection profile in {@code profile}, and
 * the per-second recorder the comparison runner reads in {@code recorder}.
 */
package dev.rvl.gatling;
