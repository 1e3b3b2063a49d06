// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/** A method that an {@link AnnotatedMethodsPostProcessor} advises, read and checked once. */
interface AdvisedMethod {
  /** The election the method names; empty if it names none. */
  String election();

  /** Class#method, for logs, metrics and messages. */
  String display();

  static String display(Method method) {
    return method.getDeclaringClass().getName() + "#" + method.getName();
  }

  /** Whether Spring AOP can intercept {@code method}: not private, static nor final. */
  static boolean interceptable(Method method) {
    int modifiers = method.getModifiers();
    return !Modifier.isPrivate(modifiers)
        && !Modifier.isStatic(modifiers)
        && !Modifier.isFinal(modifiers);
  }
}
