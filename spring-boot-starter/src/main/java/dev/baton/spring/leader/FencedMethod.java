// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.fencing.Fenced;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.springframework.core.annotation.AnnotatedElementUtils;

/** One {@link Fenced} method, read and checked once: its resource, election and name. */
record FencedMethod(String display, String resource, String election) implements AdvisedMethod {
  /** Longest resource name, as the fence table's column. */
  private static final int MAX_RESOURCE_LENGTH = 255;

  /** Reads and checks {@code method}'s {@link Fenced} (on it or on what it overrides), if any. */
  static Optional<FencedMethod> inspect(Method method, UnaryOperator<String> resolver) {
    Fenced fenced = AnnotatedElementUtils.findMergedAnnotation(method, Fenced.class);
    if (fenced == null) {
      return Optional.empty();
    }
    String display = AdvisedMethod.display(method);
    if (!AdvisedMethod.interceptable(method)) {
      throw new IllegalStateException(
          "@Fenced method "
              + display
              + " is private, static or final, so Spring AOP cannot intercept it and its"
              + " transaction would commit unfenced");
    }
    String resource = resolver.apply(fenced.resource());
    if (resource == null
        || resource.isBlank()
        || resource.length() > MAX_RESOURCE_LENGTH
        || resource.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalStateException(
          "@Fenced method "
              + display
              + " needs a resource name of 1 to "
              + MAX_RESOURCE_LENGTH
              + " characters without control characters, got '"
              + resource
              + "'");
    }
    String election = resolver.apply(fenced.election());
    return Optional.of(new FencedMethod(display, resource, election == null ? "" : election));
  }
}
