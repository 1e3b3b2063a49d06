// SPDX-License-Identifier: Apache-2.0
/**
 * The generated tables of README.md and docs/, from the recorded runs in {@code
 * benchmarks/results/}: {@link dev.baton.bench.report.Report} is {@code benchmarks/report}. A
 * recorded run is one {@code ResultsFile} (headers, then its verbatim {@code RESULT} lines); {@code
 * Tables} lists the tables. The package uses the JDK only, so the script compiles it with {@code
 * javac} alone.
 */
package dev.baton.bench.report;
