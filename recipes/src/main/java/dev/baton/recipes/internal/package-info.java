/** Helpers shared by the recipes; not a public API. */
package dev.baton.recipes.internal;
