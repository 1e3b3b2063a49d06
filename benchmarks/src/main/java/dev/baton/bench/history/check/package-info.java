// SPDX-License-Identifier: Apache-2.0
/**
 * A second, independent checker of the chaos harness's exported histories ({@code history.json},
 * the format described in the benchmarks README, section "History format"). Written from the format
 * alone: it imports nothing from the harness (the chaos package), so the harness's own checker is
 * not the only judge of a trial.
 */
package dev.baton.bench.history.check;
