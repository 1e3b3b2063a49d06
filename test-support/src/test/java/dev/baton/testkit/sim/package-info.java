/** A deterministic simulation kit: no threads, no real clock, so a failing seed replays exactly. */
package dev.baton.testkit.sim;
