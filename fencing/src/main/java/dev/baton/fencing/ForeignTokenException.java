// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

/**
 * The presented token comes from another scope than the tokens the resource accepts (for example
 * the token of another election): its number says nothing about who is newer, so the write is
 * rejected.
 */
public class ForeignTokenException extends FencingException {
  private final transient FencingToken presented;
  private final String expectedScope;

  public ForeignTokenException(String resource, FencingToken presented, String expectedScope) {
    super(
        resource,
        "fencing token %s for '%s' comes from scope '%s', but the resource is fenced by scope '%s'"
            .formatted(presented, resource, presented.scope(), expectedScope));

    this.presented = presented;
    this.expectedScope = expectedScope;
  }

  public FencingToken presented() {
    return presented;
  }

  /** The scope the resource is bound to. */
  public String expectedScope() {
    return expectedScope;
  }
}
