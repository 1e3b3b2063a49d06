/**
 * The {@code election-scale} scenario: one election with many candidates (1,000 by default), each
 * with its own session, Baton against Curator, each library in a fresh child JVM so that its heap
 * and threads can be counted. {@link dev.baton.bench.scale.ElectionScale} runs the server and
 * drives the two children ({@link dev.baton.bench.scale.ScaleChild}).
 */
package dev.baton.bench.scale;
