// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

/** A {@link GroupMember}'s lifecycle: latent until started, then started until closed. */
public enum MemberState {
  LATENT,
  STARTED,
  CLOSED
}
