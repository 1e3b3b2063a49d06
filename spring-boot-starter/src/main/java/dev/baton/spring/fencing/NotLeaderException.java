// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

/** A {@link Fenced} call needs a term of an election this instance does not lead: no write. */
public class NotLeaderException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String election;

  /** For a call that needed a term of {@code election}; {@code what} names the call. */
  public NotLeaderException(String election, String what) {
    super(what + " needs a term of election '" + election + "', which this instance does not lead");
    this.election = election;
  }

  /** The election this instance does not lead. */
  public String election() {
    return election;
  }
}
