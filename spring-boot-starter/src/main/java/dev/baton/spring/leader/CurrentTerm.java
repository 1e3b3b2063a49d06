// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import dev.baton.recipes.election.Leadership;
import java.util.Optional;

/**
 * The term of the {@link LeaderOnly} call running on the current thread: inject this bean and read
 * the term, its token or its liveness from inside the call.
 *
 * <pre>{@code
 * @LeaderOnly("billing")
 * public void closeTheDay() {
 *   for (Invoice invoice : open()) {
 *     currentTerm.checkActive(); // stop between steps once the term is lost
 *     store.save(invoice, currentTerm.token());
 *   }
 * }
 * }</pre>
 *
 * <p>The state is the thread's, not the bean's: every instance of this class reads the same
 * per-thread binding, which lives exactly as long as the call (nested calls see their own term, and
 * the outer one again when they return). Work handed to other threads does not inherit it: pass the
 * token along. Outside a {@link LeaderOnly} call every accessor except {@link #isBound()} and
 * {@link #find(String)} throws {@link IllegalStateException}.
 *
 * <p>Thread-safe.
 */
public final class CurrentTerm {
  /** A view of the calling thread's binding; the auto-configuration exposes one as a bean. */
  public CurrentTerm() {}

  /** True while the calling thread runs inside a {@link LeaderOnly} call. */
  public boolean isBound() {
    return TermBinding.current() != null;
  }

  /**
   * The name of the election of the innermost {@link LeaderOnly} call.
   *
   * @throws IllegalStateException outside a {@link LeaderOnly} call
   */
  public String election() {
    return binding().election();
  }

  /**
   * The term of the innermost {@link LeaderOnly} call, with the election's details.
   *
   * @throws IllegalStateException outside a {@link LeaderOnly} call
   */
  public Leadership leadership() {
    return binding().leadership();
  }

  /**
   * The term of the innermost {@link LeaderOnly} call.
   *
   * @throws IllegalStateException outside a {@link LeaderOnly} call
   */
  public Term term() {
    return leadership();
  }

  /**
   * The fencing token of the innermost {@link LeaderOnly} call's term: pass it to every protected
   * write.
   *
   * @throws IllegalStateException outside a {@link LeaderOnly} call
   */
  public FencingToken token() {
    return leadership().token();
  }

  /**
   * Throws unless the term of the innermost {@link LeaderOnly} call is still active.
   *
   * @throws dev.baton.recipes.election.LeadershipLostException (a {@link
   *     dev.baton.recipes.TermLostException}) once the term is lost or paused
   * @throws IllegalStateException outside a {@link LeaderOnly} call
   */
  public void checkActive() {
    leadership().checkActive();
  }

  /** The term of the innermost running {@link LeaderOnly} call of {@code election}, if any. */
  public Optional<Leadership> find(String election) {
    return TermBinding.find(election);
  }

  private TermBinding binding() {
    TermBinding binding = TermBinding.current();
    if (binding == null) {
      throw new IllegalStateException(
          "no leader term on thread "
              + Thread.currentThread().getName()
              + ": CurrentTerm is readable only inside a @LeaderOnly method's call (and not in"
              + " work it hands to other threads)");
    }
    return binding;
  }

  @Override
  public String toString() {
    TermBinding binding = TermBinding.current();
    return binding == null
        ? "CurrentTerm{unbound}"
        : "CurrentTerm{" + binding.election() + ", " + binding.leadership().token() + "}";
  }
}
