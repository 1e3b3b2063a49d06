/** Helpers of the fences themselves, used only inside this module; not a public API. */
package dev.baton.fencing.internal;
