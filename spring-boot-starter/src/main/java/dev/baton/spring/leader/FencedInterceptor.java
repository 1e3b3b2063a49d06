// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.ElectionTerms;
import dev.baton.spring.fencing.Fenced;
import dev.baton.spring.fencing.NotLeaderException;
import dev.baton.spring.fencing.TransactionalFence;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * Checks a {@link Fenced} call's term and registers its fence check with the current transaction,
 * then runs the method. The beans it needs are looked up at the first call.
 */
final class FencedInterceptor extends AdvisedMethodInterceptor<FencedInterceptor.FencedMethod> {
  private final ObjectProvider<TransactionalFence> fences;
  private final CurrentTerm currentTerm = new CurrentTerm();

  FencedInterceptor(BeanFactory beans, UnaryOperator<String> resolver) {
    super("Fenced", FencedMethod::inspect, beans, resolver);
    this.fences = beans.getBeanProvider(TransactionalFence.class);
  }

  @Override
  @Nullable Object invoke(FencedMethod fenced, MethodInvocation invocation) throws Throwable {
    Leadership term = term(fenced);
    term.checkActive();
    TransactionalFence fence = fences.getIfAvailable();
    if (fence == null) {
      throw new IllegalStateException(
          "@Fenced method " + fenced.display() + " needs a TransactionalFence bean");
    }
    try {
      fence.acceptAtCommit(fenced.resource(), term.token());
    } catch (IllegalStateException e) {
      throw new IllegalStateException(
          "@Fenced method " + fenced.display() + ": " + e.getMessage(), e);
    }
    return invocation.proceed();
  }

  private Leadership term(FencedMethod fenced) {
    String election = fenced.election();
    if (election.isEmpty()) {
      if (!currentTerm.isBound()) {
        throw new IllegalStateException(
            "@Fenced method "
                + fenced.display()
                + " has no term to fence with: call it inside a @LeaderOnly call, or name the"
                + " election: @Fenced(resource = \""
                + fenced.resource()
                + "\", election = \"<name>\")");
      }
      return currentTerm.leadership();
    }
    Optional<Leadership> enclosing = currentTerm.find(election);
    if (enclosing.isPresent()) {
      return enclosing.get();
    }
    ElectionTerms elections = terms.getIfAvailable();
    if (elections == null) {
      throw new IllegalStateException(
          "@Fenced method "
              + fenced.display()
              + " names election '"
              + election
              + "' but the application has no elections (baton.election."
              + election
              + ".path)");
    }
    return elections
        .leadership(election)
        .filter(Leadership::isActive)
        .orElseThrow(() -> new NotLeaderException(election, "@Fenced method " + fenced.display()));
  }

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
}
