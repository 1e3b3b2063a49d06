// SPDX-License-Identifier: Apache-2.0
/**
 * The README's benchmark tables, generated from the recorded runs in {@code benchmarks/results/}.
 *
 * <p>A recorded run is one {@link dev.baton.bench.report.ResultsFile}: header lines (command,
 * commit, date, machine, notes) and the run's verbatim {@code RESULT} lines. {@link
 * dev.baton.bench.report.Tables} lists the README's tables, each a {@link
 * dev.baton.bench.report.TableSpec}; {@link dev.baton.bench.report.ResultsReport} renders each from
 * the newest run that has its lines, and {@link dev.baton.bench.report.ReadmeMarkers} puts them
 * between the README's {@code <!-- results:ID -->} and {@code <!-- /results -->} markers. {@link
 * dev.baton.bench.report.ReportMain} is {@code benchmarks/report}. The package uses the JDK only,
 * so the script compiles it with {@code javac} alone.
 */
package dev.baton.bench.report;
