// SPDX-License-Identifier: Apache-2.0
/**
 * The long chaos profile ({@code benchmarks/run chaos-profile}): a thousand or more trials across
 * every scenario, recipe and fence within a time budget, the failing trials' evidence kept, any
 * trial replayable from its id.
 */
package dev.baton.bench.chaos.profile;
