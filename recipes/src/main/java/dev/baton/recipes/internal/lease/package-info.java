// SPDX-License-Identifier: Apache-2.0
/**
 * Internal: the lease record in a SQL table behind the {@link
 * dev.baton.recipes.internal.lease.LeaseStore} seam, and the pure decisions of a lease candidate.
 * Not an API.
 */
package dev.baton.recipes.internal.lease;
