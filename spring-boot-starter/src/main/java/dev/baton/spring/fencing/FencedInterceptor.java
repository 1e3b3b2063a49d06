// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.ElectionTerms;
import dev.baton.spring.leader.CurrentTerm;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.BridgeMethodResolver;

/**
 * Checks a {@link Fenced} call's term and registers its fence check with the current transaction,
 * then runs the method. The beans it needs are looked up at the first call.
 */
final class FencedInterceptor implements MethodInterceptor {
  private final ObjectProvider<TransactionalFence> fences;
  private final ObjectProvider<ElectionTerms> terms;
  private final UnaryOperator<String> resolver;
  private final CurrentTerm currentTerm = new CurrentTerm();
  private final Map<Method, FencedMethod> methods = new ConcurrentHashMap<>();

  FencedInterceptor(
      ObjectProvider<TransactionalFence> fences,
      ObjectProvider<ElectionTerms> terms,
      UnaryOperator<String> resolver) {
    this.fences = fences;
    this.terms = terms;
    this.resolver = resolver;
  }

  @Override
  public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    FencedMethod fenced = methods.computeIfAbsent(specific(invocation), this::inspect);
    Leadership term = term(fenced);
    term.checkActive();
    TransactionalFence fence = fences.getIfAvailable();
    if (fence == null) {
      throw new IllegalStateException(
          "@Fenced method " + fenced.display() + " needs a TransactionalFence bean");
    }
    fence.acceptAtCommit(fenced.resource(), term.token(), "@Fenced method " + fenced.display());
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

  private static Method specific(MethodInvocation invocation) {
    Object target = invocation.getThis();
    Class<?> targetClass = target == null ? null : AopUtils.getTargetClass(target);
    return BridgeMethodResolver.findBridgedMethod(
        AopUtils.getMostSpecificMethod(invocation.getMethod(), targetClass));
  }

  private FencedMethod inspect(Method method) {
    return FencedMethod.inspect(method, resolver)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no @Fenced on " + FencedMethod.display(method) + " (a proxy mix-up)"));
  }
}
