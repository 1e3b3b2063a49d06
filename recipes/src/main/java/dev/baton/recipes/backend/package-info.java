/**
 * The one backend seam: {@link dev.baton.recipes.backend.Backend} hands out terms with fencing
 * tokens to the candidates of a contest; every recipe is written once against it.
 */
package dev.baton.recipes.backend;
