/**
 * The one backend seam: {@link dev.baton.recipes.backend.Backend} hands out terms with fencing
 * tokens to the candidates that {@linkplain dev.baton.recipes.backend.Backend#join join} a contest.
 * ZooKeeper ({@link dev.baton.recipes.BatonSession}) and a SQL lease row ({@link
 * dev.baton.recipes.lease.LeaseBackend}) implement it; every recipe is written once against it.
 */
package dev.baton.recipes.backend;
