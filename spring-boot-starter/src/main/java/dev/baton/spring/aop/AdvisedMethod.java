// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.aop;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/** A method that an {@link AnnotatedMethodsPostProcessor} advises, read and checked once. */
public interface AdvisedMethod {
  /** The election the method names; empty if it names none. */
  String election();

  /** Class#method, for logs, metrics and messages. */
  String display();

  /** Class#method of {@code method}. */
  static String display(Method method) {
    return method.getDeclaringClass().getName() + "#" + method.getName();
  }

  /**
   * Whether Spring AOP can intercept {@code method}: it is neither private, nor static, nor final.
   */
  static boolean interceptable(Method method) {
    int modifiers = method.getModifiers();
    return !Modifier.isPrivate(modifiers)
        && !Modifier.isStatic(modifiers)
        && !Modifier.isFinal(modifiers);
  }
}
