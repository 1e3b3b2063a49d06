// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.fencing.Fence;
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

/** Checks a {@link Fenced} call's term, registers its fence check with the transaction, runs it. */
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
            ("@Fenced method %s has no term to fence with: call it inside a @LeaderOnly call, or"
                    + " name the election: @Fenced(resource = \"%s\", election = \"<name>\")")
                .formatted(fenced.display(), fenced.resource()));
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
          ("@Fenced method %s names election '%s' but the application has no elections"
                  + " (baton.election.%s.path)")
              .formatted(fenced.display(), election, election));
    }
    return elections
        .leadership(election)
        .filter(Leadership::isActive)
        .orElseThrow(() -> new NotLeaderException(election, "@Fenced method " + fenced.display()));
  }

  /** One {@link Fenced} method, read and checked once: its resource, election and name. */
  record FencedMethod(String display, String resource, String election) implements AdvisedMethod {
    /** Reads and checks {@code method}'s {@link Fenced} (on it or on what it overrides), if any. */
    static Optional<FencedMethod> inspect(Method method, UnaryOperator<String> resolver) {
      Fenced fenced = AnnotatedElementUtils.findMergedAnnotation(method, Fenced.class);
      if (fenced == null) {
        return Optional.empty();
      }
      String display = AdvisedMethod.display(method);
      if (!AdvisedMethod.interceptable(method)) {
        throw new IllegalStateException(
            ("@Fenced method %s is private, static or final, so Spring AOP cannot intercept it and"
                    + " its transaction would commit unfenced")
                .formatted(display));
      }
      String resource = resolver.apply(fenced.resource());
      if (resource == null
          || resource.isBlank()
          || resource.length() > Fence.MAX_RESOURCE_LENGTH
          || resource.chars().anyMatch(Character::isISOControl)) {
        throw new IllegalStateException(
            ("@Fenced method %s needs a resource name of 1 to %s characters without control"
                    + " characters, got '%s'")
                .formatted(display, Fence.MAX_RESOURCE_LENGTH, resource));
      }
      String election = resolver.apply(fenced.election());
      return Optional.of(new FencedMethod(display, resource, election == null ? "" : election));
    }
  }
}
