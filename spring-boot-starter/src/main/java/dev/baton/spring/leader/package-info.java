// SPDX-License-Identifier: Apache-2.0
/**
 * Leader-only methods: {@link dev.baton.spring.leader.LeaderOnly @LeaderOnly} runs a bean method
 * only while this instance leads a named election, with the term bound to the thread ({@link
 * dev.baton.spring.leader.CurrentTerm}, {@link dev.baton.spring.leader.LeaderTerm @LeaderTerm}
 * parameters). The post-processors that apply {@code @LeaderOnly} and {@code @Fenced} live here,
 * their shared advice package-private.
 *
 * <p>Guarantees: a call starts only while the instance holds an active term of the election (read
 * through {@link dev.baton.spring.election.ElectionTerms}), and it runs under that one term from
 * start to end, nested calls of the same election included; the term's token is the one to fence
 * the call's writes with. A call that loses its term midway sees {@link
 * dev.baton.spring.leader.CurrentTerm#checkActive()} throw from then on. Declarations that cannot
 * work fail the application's start instead of running on every instance.
 *
 * <p>Not guaranteed: that a call stops when its term ends. The annotation decides only whether a
 * call starts; a call already running goes on (it is not interrupted), and a paused process (a GC
 * pause, SIGSTOP, a frozen VM) cannot even notice that its session expired and a successor took
 * over. So two instances can run the same leader-only method at the same time for a while. What
 * stops the stale one's writes is a fence checking the token: {@code @Fenced} in a Spring
 * transaction ({@link dev.baton.spring.fencing}), or any Baton fence given {@link
 * dev.baton.spring.leader.CurrentTerm#token()}. Calls that bypass the Spring proxy (from inside the
 * same object) are not leader-only.
 */
@NullMarked
package dev.baton.spring.leader;

import org.jspecify.annotations.NullMarked;
