/**
 * The {@code election-scale} scenario ({@link dev.baton.bench.scale.ElectionScale}). Method:
 * docs/benchmarks.md, "Election with 1,000 candidates".
 */
package dev.baton.bench.scale;
