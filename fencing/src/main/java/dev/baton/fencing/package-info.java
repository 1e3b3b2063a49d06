/**
 * Fencing tokens and the stores that enforce them.
 *
 * <p>Guarantee: a {@link dev.baton.fencing.FencingToken} is a comparable value; the recipes hand out one
 * per ownership term, strictly increasing on one election path. Enforcement downstream (SQL, ZooKeeper and
 * in-memory fences) is what turns that number into safety: a store that remembers the highest accepted
 * token rejects a stale owner's write even when the stale owner still believes it owns the resource.
 *
 * <p>Not guaranteed: a token by itself stops nothing. Writes that bypass a fence are not protected.
 */
package dev.baton.fencing;
