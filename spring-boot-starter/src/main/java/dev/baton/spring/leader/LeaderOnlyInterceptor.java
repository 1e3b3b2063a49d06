// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.ElectionTerms;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotatedMethod;

/** Runs a {@link LeaderOnly} call under the active term, bound to the thread, or skips it. */
final class LeaderOnlyInterceptor
    extends AdvisedMethodInterceptor<LeaderOnlyInterceptor.LeaderOnlyMethod> {
  private static final Logger log = LoggerFactory.getLogger(LeaderOnlyInterceptor.class);

  /** The counter of skipped calls, tagged {@code election} and {@code method}. */
  static final String SKIPPED = "baton.leaderonly.skipped";

  private final ObjectProvider<MeterRegistry> registry;
  private final Map<LeaderOnlyMethod, Counter> skips = new ConcurrentHashMap<>();

  LeaderOnlyInterceptor(BeanFactory beans, UnaryOperator<String> resolver) {
    super("LeaderOnly", LeaderOnlyMethod::inspect, beans, resolver);
    this.registry = beans.getBeanProvider(MeterRegistry.class);
  }

  @Override
  @Nullable Object invoke(LeaderOnlyMethod leaderOnly, MethodInvocation invocation)
      throws Throwable {
    Leadership leadership =
        CurrentTerm.bound(leaderOnly.election())
            .or(() -> electionTerms(leaderOnly).leadership(leaderOnly.election()))
            .orElse(null);
    if (leadership == null || !leadership.isActive()) {
      skip(leaderOnly, leadership);
      return leaderOnly.skipValue();
    }
    leaderOnly.inject(invocation.getArguments(), leadership);
    CurrentTerm.Binding binding = CurrentTerm.bind(leaderOnly.election(), leadership);
    try {
      return invocation.proceed();
    } finally {
      binding.release();
    }
  }

  private ElectionTerms electionTerms(LeaderOnlyMethod leaderOnly) {
    ElectionTerms found = terms.getIfAvailable();
    if (found == null) {
      throw new IllegalStateException(
          "@LeaderOnly method %s needs an ElectionTerms bean: configure baton.election.%s.path"
              .formatted(leaderOnly.display(), leaderOnly.election()));
    }
    return found;
  }

  private void skip(LeaderOnlyMethod leaderOnly, @Nullable Leadership leadership) {
    if (log.isDebugEnabled()) {
      log.debug(
          "skipped {}: {}",
          leaderOnly.display(),
          leadership == null
              ? "this instance does not lead election '" + leaderOnly.election() + "'"
              : "the term " + leadership.token() + " is not active");
    }
    MeterRegistry meters = registry.getIfUnique();
    if (meters != null) {
      skips
          .computeIfAbsent(
              leaderOnly,
              m ->
                  Counter.builder(SKIPPED)
                      .description("@LeaderOnly calls skipped because this instance did not lead")
                      .tag("election", leaderOnly.election())
                      .tag("method", leaderOnly.display())
                      .register(meters))
          .increment();
    }
  }

  /** One {@link LeaderOnly} method, checked once: its election, skip value and term slots. */
  record LeaderOnlyMethod(
      String display, String election, @Nullable Object skipValue, List<Slot> slots)
      implements AdvisedMethod {
    /** A {@link LeaderTerm} parameter: its index, and whether it takes the token or the term. */
    record Slot(int index, boolean token) {}

    /** What a skipped call returns, by return type; null for any other. */
    private static final Map<Class<?>, Object> EMPTY =
        Map.of(
            Optional.class, Optional.empty(),
            OptionalInt.class, OptionalInt.empty(),
            OptionalLong.class, OptionalLong.empty(),
            OptionalDouble.class, OptionalDouble.empty());

    /** Reads and checks {@code method}'s (or its overridden) {@link LeaderOnly} and term slots. */
    static Optional<LeaderOnlyMethod> inspect(Method method, UnaryOperator<String> resolver) {
      LeaderOnly annotation = AnnotatedElementUtils.findMergedAnnotation(method, LeaderOnly.class);
      List<Slot> slots = termParameters(method);
      if (annotation == null) {
        if (!slots.isEmpty()) {
          throw invalid(method, "has a @LeaderTerm parameter but no @LeaderOnly");
        }
        return Optional.empty();
      }
      if (!AdvisedMethod.interceptable(method)) {
        throw invalid(
            method,
            "is private, static or final, so Spring AOP cannot intercept it and it would run on"
                + " every instance");
      }
      String election = resolver.apply(annotation.value());
      if (election == null || election.isBlank()) {
        throw invalid(
            method, "names no election: @LeaderOnly(\"<name of baton.election.<name>>\")");
      }
      return Optional.of(
          new LeaderOnlyMethod(
              AdvisedMethod.display(method), election, skipValue(method), List.copyOf(slots)));
    }

    /** The {@link LeaderTerm} parameters, declared on the method or on one it implements. */
    private static List<Slot> termParameters(Method method) {
      List<Slot> slots = new ArrayList<>();
      for (MethodParameter parameter : new AnnotatedMethod(method).getMethodParameters()) {
        if (!parameter.hasParameterAnnotation(LeaderTerm.class)) {
          continue;
        }
        int i = parameter.getParameterIndex();
        Class<?> type = parameter.getParameterType();
        if (type == FencingToken.class) {
          slots.add(new Slot(i, true));
        } else if (type == Term.class || type == Leadership.class) {
          slots.add(new Slot(i, false));
        } else {
          throw invalid(
              method,
              "has a @LeaderTerm parameter of type %s; use FencingToken, Term or Leadership"
                  .formatted(type.getName()));
        }
      }
      return slots;
    }

    private static @Nullable Object skipValue(Method method) {
      Class<?> type = method.getReturnType();
      if (type.isPrimitive() && type != void.class) {
        throw invalid(
            method,
            ("returns %s, which a skipped call has no value for; return void, an object (null"
                    + " when skipped) or an Optional (empty when skipped)")
                .formatted(type));
      }
      return EMPTY.get(type);
    }

    private static IllegalStateException invalid(Method method, String problem) {
      return new IllegalStateException(
          "@LeaderOnly method " + AdvisedMethod.display(method) + " " + problem);
    }

    /** Puts the term into the {@link LeaderTerm} slots (IllegalArgumentException for another). */
    void inject(@Nullable Object[] arguments, Leadership leadership) {
      for (Slot slot : slots) {
        Object value = slot.token() ? leadership.token() : leadership;
        Object given = arguments[slot.index()];
        if (given != null && !Objects.equals(given, value)) {
          throw new IllegalArgumentException(
              ("@LeaderTerm parameter %s of %s was given %s but the call runs under %s;"
                      + " callers pass null")
                  .formatted(slot.index(), display, given, leadership.token()));
        }
        arguments[slot.index()] = value;
      }
    }
  }
}
