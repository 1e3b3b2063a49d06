/**
 * Baton's ZooKeeper recipes and the session they share.
 *
 * <p>{@link dev.baton.recipes.BatonSession} owns one ZooKeeper session and its connection state;
 * every recipe (the {@linkplain dev.baton.recipes.election election}, and the lock and scheduler
 * that build on it) consumes a session instead of managing liveness itself, as etcd's concurrency
 * package does.
 *
 * <h2>Errors</h2>
 *
 * <p>Every public factory, constructor and builder of this module follows one rule, checked for all
 * of them by {@code ConfigurationErrorsTest}:
 *
 * <ul>
 *   <li>a null argument is a {@link NullPointerException}, thrown at once by the method that
 *       received it (a builder's setter too), whose message is the parameter's name (for a builder
 *       setter, the setting's); a parameter annotated {@code @Nullable} accepts null, which then
 *       means the default or "none";
 *   <li>a value that is invalid (out of range, malformed, or in contradiction with another
 *       setting), and a missing required setting, is an {@link IllegalArgumentException} naming the
 *       setting and the rule: thrown by {@code build()} for a builder (setters only store), by the
 *       factory itself otherwise;
 *   <li>a call on an object in the wrong state (closed, not started) is an {@link
 *       IllegalStateException}.
 * </ul>
 *
 * <p>At run time, errors are unchecked: {@link dev.baton.recipes.CoordinationException} and its
 * subclasses carry the context (path, participant, token) needed to understand them.
 */
package dev.baton.recipes;
