/**
 * A deterministic simulation kit: a model of ZooKeeper ({@link
 * dev.baton.testkit.sim.SimZooKeeper}), virtual time ({@link dev.baton.testkit.sim.SimClock}), a
 * seeded random source that is the same on every JDK ({@link dev.baton.testkit.sim.SimRandom}) and
 * a scheduler that runs one randomly chosen possible step at a time ({@link
 * dev.baton.testkit.sim.Simulation}). No threads, no real clock: a run is a function of its seed,
 * so a failing seed replays exactly. Recipes' own simulations (their harness and invariants) live
 * in their modules' tests.
 */
package dev.baton.testkit.sim;
