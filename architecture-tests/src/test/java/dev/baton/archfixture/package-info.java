/**
 * Fixtures of the negative controls ({@code NegativeControlsArchTest}): a miniature Baton under
 * {@code dev.baton.archfixture} whose {@code Uses...} classes each break one module boundary on
 * purpose, next to classes that respect them. Test classes only: the real check never imports them.
 */
package dev.baton.archfixture;
