// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import dev.baton.recipes.election.Leadership;
import java.util.Optional;

/**
 * The term of the {@link LeaderOnly} call running on the current thread: read the term, its token
 * or its liveness from inside the call ({@code currentTerm.checkActive()} between steps). The state
 * is the thread's, exactly as long as the call: work handed to other threads does not inherit it.
 * Outside a call every accessor but {@link #isBound()} and {@link #find(String)} throws {@link
 * IllegalStateException}. Thread-safe.
 */
public final class CurrentTerm {
  /** A view of the calling thread's binding; the auto-configuration exposes one as a bean. */
  public CurrentTerm() {}

  /** True while the calling thread runs inside a {@link LeaderOnly} call. */
  public boolean isBound() {
    return TermBinding.current() != null;
  }

  /** The name of the election of the innermost {@link LeaderOnly} call. */
  public String election() {
    return binding().election();
  }

  /** The term of the innermost {@link LeaderOnly} call, with the election's details. */
  public Leadership leadership() {
    return binding().leadership();
  }

  /** The term of the innermost {@link LeaderOnly} call. */
  public Term term() {
    return leadership();
  }

  /** The fencing token of the innermost {@link LeaderOnly} call's term. */
  public FencingToken token() {
    return leadership().token();
  }

  /**
   * Throws unless the innermost {@link LeaderOnly} call's term is still active.
   *
   * @throws dev.baton.recipes.TermLostException once the term is lost or paused
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
