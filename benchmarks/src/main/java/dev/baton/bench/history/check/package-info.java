// SPDX-License-Identifier: Apache-2.0
/**
 * A second checker of the chaos histories, written from the format alone (docs/testing.md): it
 * imports nothing from the harness, so the harness's checker is not the only judge.
 */
package dev.baton.bench.history.check;
