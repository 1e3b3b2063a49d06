/**
 * The fenced lock: {@link dev.baton.recipes.lock.FencedLock}.
 *
 * <p>Guarantees: at most one holder on a healthy session; each hold's token is higher than every
 * earlier hold's on the same path; release deletes only the hold's own znode; a waiter is woken
 * only by its immediate predecessor. A release ends the hold before its znode's delete is sent,
 * then waits for the delete's answer at most the session's close timeout: it returns true only if
 * the ensemble confirmed that it deleted the znode of a hold that had not ended before, so that no
 * other hold was granted meanwhile. The next holder is granted the lock only once ZooKeeper applied
 * the delete, a next acquire on the same session is ordered after it, and an unconfirmed delete is
 * sent again after a reconnection (or the znode goes with the session). Not guaranteed: that a
 * holder stops when its session ends (use the token with a fence), or fairness beyond queue order.
 */
package dev.baton.recipes.lock;
