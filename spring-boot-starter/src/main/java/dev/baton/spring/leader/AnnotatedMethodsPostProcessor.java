// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.election.ElectionTerms;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.aopalliance.aop.Advice;
import org.springframework.aop.framework.AopInfrastructureBean;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Common part of the {@code @Fenced} and {@code @LeaderOnly} post-processors: advises annotated
 * methods (read once per class) and, once all singletons exist, checks every named election exists.
 */
abstract class AnnotatedMethodsPostProcessor extends AbstractBeanFactoryAwareAdvisingPostProcessor
    implements SmartInitializingSingleton {
  /** The post-processors' order: after the auto-proxy creators, before {@code @Scheduled}'s. */
  static final int ORDER = Ordered.LOWEST_PRECEDENCE - 100;

  private final Class<? extends Annotation> annotation;
  private final Collection<Class<? extends Annotation>> candidates;
  private final Class<?> required;
  private final boolean noElectionsKnown;
  private final Function<AdvisedMethod, String> unsupported;
  private final BiFunction<Method, UnaryOperator<String>, Optional<? extends AdvisedMethod>>
      inspector;
  private final BiFunction<BeanFactory, UnaryOperator<String>, Advice> advice;
  private final Map<Class<?>, List<AdvisedMethod>> scanned = new ConcurrentHashMap<>();
  private final Map<String, String> elections = new ConcurrentHashMap<>();
  private UnaryOperator<String> resolver = UnaryOperator.identity();
  private volatile boolean advisedAny;

  /**
   * A post-processor of {@code annotation} on classes with a {@code candidates} annotation, advice
   * {@code first} or last; without a {@code required} bean an annotated bean fails ({@code
   * unsupported}); {@code noElectionsKnown}: no {@link ElectionTerms} bean means no election.
   */
  AnnotatedMethodsPostProcessor(
      Class<? extends Annotation> annotation,
      Collection<Class<? extends Annotation>> candidates,
      boolean first,
      Class<?> required,
      boolean noElectionsKnown,
      Function<AdvisedMethod, String> unsupported,
      BiFunction<Method, UnaryOperator<String>, Optional<? extends AdvisedMethod>> inspector,
      BiFunction<BeanFactory, UnaryOperator<String>, Advice> advice) {
    this.annotation = annotation;
    this.candidates = List.copyOf(candidates);
    this.required = required;
    this.noElectionsKnown = noElectionsKnown;
    this.unsupported = unsupported;
    this.inspector = inspector;
    this.advice = advice;
    setBeforeExistingAdvisors(first);
    setOrder(ORDER);
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    super.setBeanFactory(beanFactory);
    if (beanFactory instanceof ConfigurableBeanFactory configurable) {
      resolver = configurable::resolveEmbeddedValue;
    }
    this.advisor =
        new DefaultPointcutAdvisor(
            new AnnotationMatchingPointcut(null, annotation, true),
            advice.apply(beanFactory, resolver));
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (!(bean instanceof AopInfrastructureBean)) {
      Class<?> type = ClassUtils.getUserClass(AopUtils.getTargetClass(bean));
      List<AdvisedMethod> found = scanned.computeIfAbsent(type, this::scan);
      if (!found.isEmpty()) {
        if (beanFactory != null
            && beanFactory.getBeanNamesForType(required, true, false).length == 0) {
          throw new IllegalStateException(
              "bean '%s' has @%s methods (%s) but %s"
                  .formatted(
                      beanName,
                      annotation.getSimpleName(),
                      found.get(0).display(),
                      unsupported.apply(found.get(0))));
        }
        advisedAny = true;
        found.stream()
            .filter(m -> !m.election().isEmpty())
            .forEach(m -> elections.putIfAbsent(m.election(), m.display()));
      }
    }
    return super.postProcessAfterInitialization(bean, beanName);
  }

  /** True once a bean declaring the annotation has been created. */
  public boolean hasAdvisedBeans() {
    return advisedAny;
  }

  private List<AdvisedMethod> scan(Class<?> type) {
    if (!AnnotationUtils.isCandidateClass(type, candidates)) {
      return List.of();
    }
    List<AdvisedMethod> found = new ArrayList<>();
    for (var method :
        ReflectionUtils.getUniqueDeclaredMethods(type, ReflectionUtils.USER_DECLARED_METHODS)) {
      inspector.apply(method, resolver).ifPresent(found::add);
    }
    return List.copyOf(found);
  }

  /** Checks that every election named by an annotated method exists, listing the unknown ones. */
  @Override
  public void afterSingletonsInstantiated() {
    if (elections.isEmpty() || beanFactory == null) {
      return;
    }
    ElectionTerms terms = beanFactory.getBeanProvider(ElectionTerms.class).getIfAvailable();
    if (terms == null && !noElectionsKnown) {
      return; // reported per bean already; a lazy bean reports at its first call
    }
    Set<String> known = terms == null ? Set.of() : terms.names();
    Map<String, String> unknown = new TreeMap<>(elections);
    unknown.keySet().removeAll(known);
    if (!unknown.isEmpty()) {
      throw new IllegalStateException(
          "@%s names elections this application does not take part in: %s; the elections are %s"
                  .formatted(
                      annotation.getSimpleName(),
                      unknown.entrySet().stream()
                          .map(e -> "'" + e.getKey() + "' (on " + e.getValue() + ")")
                          .collect(Collectors.joining(", ")),
                      new TreeSet<>(known))
              + " (configure baton.election.<name>.path)");
    }
  }
}
