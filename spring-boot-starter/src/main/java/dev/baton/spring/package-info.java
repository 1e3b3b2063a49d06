// SPDX-License-Identifier: Apache-2.0
/** Baton for Spring Boot. */
package dev.baton.spring;
