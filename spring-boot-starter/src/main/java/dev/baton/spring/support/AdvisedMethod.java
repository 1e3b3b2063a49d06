// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.support;

/** A method that an {@link AnnotatedMethodsPostProcessor} advises, read and checked once. */
public interface AdvisedMethod {
  /** The election the method names; empty if it names none. */
  String election();

  /** Class#method, for logs, metrics and messages. */
  String display();
}
