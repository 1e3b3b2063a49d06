// SPDX-License-Identifier: Apache-2.0
/**
 * The README's Java blocks, each as a file of its own that imports exactly what the block shows,
 * and the tests that run them (see {@code dev.baton.testkit.ReadmeSnippets}).
 */
package dev.baton.readme;
