package dev.baton.recipes;
