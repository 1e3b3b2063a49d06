/**
 * The fenced lock: {@link dev.baton.recipes.lock.FencedLock}. Guarantees: at most one holder on a
 * healthy session; each hold's token is above every earlier hold's on the path; release ends the
 * hold, then deletes only its own znode; the next holder waits for the applied delete; a waiter is
 * woken only by its predecessor. Not guaranteed: that a holder stops when its session ends (use the
 * token with a fence), or fairness beyond queue order.
 */
package dev.baton.recipes.lock;
