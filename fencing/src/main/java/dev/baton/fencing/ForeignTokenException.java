// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

/** A token from another scope than the resource accepts (e.g. another election): not comparable. */
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
