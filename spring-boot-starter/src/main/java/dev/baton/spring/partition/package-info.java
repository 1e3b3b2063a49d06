// SPDX-License-Identifier: Apache-2.0
/**
 * Partition ownership as Spring lifecycle beans: {@link
 * dev.baton.spring.partition.BatonPartitionGroup} wraps a {@code GroupMember}, {@link
 * dev.baton.spring.partition.BatonPartitionGroups} finds them by name.
 */
@NullMarked
package dev.baton.spring.partition;

import org.jspecify.annotations.NullMarked;
