/**
 * Benchmark programs. {@link dev.baton.bench.BenchmarkMain} dispatches a scenario name to a {@link
 * dev.baton.bench.Scenario}; each scenario prints its results on stdout as {@code RESULT} lines and
 * everything else on stderr.
 */
package dev.baton.bench;
