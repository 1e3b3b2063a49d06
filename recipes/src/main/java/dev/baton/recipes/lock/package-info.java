/**
 * The fenced lock: {@link dev.baton.recipes.lock.FencedLock}.
 *
 * <p>Guarantees: at most one holder on a healthy session; each hold's token is higher than every
 * earlier hold's on the same path; release deletes only the hold's own znode; a waiter is woken
 * only by its immediate predecessor. Not guaranteed: that a holder stops when its session ends (use
 * the token with a fence), or fairness beyond queue order.
 */
package dev.baton.recipes.lock;
